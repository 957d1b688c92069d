import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A list's title with its search or filters beside it, below it on a narrow screen. */
export function PageHeader({
  title,
  children,
  wideFrom = 'sm',
}: {
  title: string;
  children: ReactNode;
  /** From which breakpoint the controls sit beside the title. */
  wideFrom?: 'sm' | 'md';
}) {
  return (
    <Stack
      direction={{ xs: 'column', [wideFrom]: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { [wideFrom]: 'center' } }}
    >
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
