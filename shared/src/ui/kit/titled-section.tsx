import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * An outlined section with its heading (h2), which names it for assistive technology; its
 * children stacked in a grid, `rowGap` apart.
 */
export function TitledSection({
  title,
  children,
  sx,
  headingGap = 1,
  rowGap = 1.5,
}: {
  title: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
  headingGap?: number;
  rowGap?: number;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: headingGap }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', rowGap }}>{children}</Box>
    </Paper>
  );
}
