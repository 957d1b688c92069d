import { useEffect, type ReactNode } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';

/** Spec §9: top-right, 3 visible, 4000 ms, width 356, gap 14 (notistack pads each toast by half the gap). */
export const TOAST_SETTINGS = { maxSnack: 3, autoHideDuration: 4000, width: 356, gap: 14 } as const;
const TOAST_SELECTOR = '[data-toast]';

const toastStyles = (
  <GlobalStyles
    styles={{
      'html .notistack-SnackbarContainer .notistack-CollapseWrapper': { padding: `${TOAST_SETTINGS.gap / 2}px 0` },
      '@media (min-width: 600px)': {
        'html .notistack-SnackbarContainer .notistack-MuiContent': {
          width: TOAST_SETTINGS.width,
          boxSizing: 'border-box',
        },
      },
    }}
  />
);

/** alt+T moves focus to the newest toast (notistack renders the newest last). */
function useToastHotkey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.code !== 'KeyT') return;
      const toasts = document.querySelectorAll<HTMLElement>(TOAST_SELECTOR);
      const newest = toasts[toasts.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  useToastHotkey();
  return (
    <SnackbarProvider
      maxSnack={TOAST_SETTINGS.maxSnack}
      autoHideDuration={TOAST_SETTINGS.autoHideDuration}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      SnackbarProps={{ tabIndex: -1, 'data-toast': '', 'aria-live': 'polite' } as React.HTMLAttributes<HTMLDivElement>}
    >
      {toastStyles}
      {children}
    </SnackbarProvider>
  );
}
