import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table's frame. On a phone the table scrolls sideways (or down, with `maxHeight`): the frame is
 * a named region a keyboard can focus and scroll (WCAG 2.1.1). `name` is the region's accessible
 * name (the table's own, with a word saying it scrolls).
 */
export function TableRegion({ name, maxHeight, children }: { name: string; maxHeight?: number; children: ReactNode }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={name}
      sx={{
        maxHeight,
        '&:focus-visible': (theme) => ({
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: 2,
        }),
      }}
    >
      {children}
    </TableContainer>
  );
}
