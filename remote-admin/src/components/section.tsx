import { useId, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A part of a page under its own heading (a region named by it), with its filters beside the heading. */
export function Section({ title, controls, children }: { title: string; controls?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {controls}
      </Stack>
      {children}
    </Stack>
  );
}
