import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Makes the table container inside `children` a named, keyboard-focusable scroll region (WCAG
 * 2.1.1: on a phone the table scrolls sideways, and someone without a pointer must reach it).
 * The shared PagedTable takes no props for its container, so the attributes are set here.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>('.MuiTableContainer-root');
    if (!container) return;
    container.tabIndex = 0;
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [label]);
  return (
    <Box
      ref={ref}
      sx={{
        '& .MuiTableContainer-root:focus-visible': (theme) => ({
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: 2,
        }),
      }}
    >
      {children}
    </Box>
  );
}
