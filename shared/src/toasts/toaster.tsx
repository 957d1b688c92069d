import { useEffect } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { TOAST_SETTINGS } from './toast-settings';
import { takeQueuedToasts, useToastStore } from './toast-store';

const toastStyles = (
  <GlobalStyles
    styles={{
      'html .notistack-SnackbarContainer .notistack-CollapseWrapper': { padding: `${TOAST_SETTINGS.gap / 2}px 0` },
      // notistack's own greens, blues and ambers hold white text at about 3:1; these darker shades
      // (MUI's success.dark, info.dark and a deep amber) reach WCAG AA's 4.5:1. Error's red already does.
      'html .notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
      'html .notistack-MuiContent-info': { backgroundColor: '#01579b' },
      'html .notistack-MuiContent-warning': { backgroundColor: '#b45309' },
      '@media (min-width: 600px)': {
        'html .notistack-SnackbarContainer .notistack-MuiContent': {
          width: TOAST_SETTINGS.width,
          boxSizing: 'border-box',
        },
      },
    }}
  />
);

/** Hands every queued toast to notistack, in order, whenever the queue grows. */
function QueueDrain() {
  const queued = useToastStore((state) => state.queue.length);
  useEffect(() => {
    for (const { message, options } of takeQueuedToasts()) enqueueSnackbar(message, options);
  }, [queued]);
  return null;
}

/** The only place notistack is used: fetched after the first screen (see `showToast`). */
export default function Toaster() {
  return (
    <SnackbarProvider
      maxSnack={TOAST_SETTINGS.maxSnack}
      autoHideDuration={TOAST_SETTINGS.autoHideDuration}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      SnackbarProps={{ tabIndex: -1, 'data-toast': '', 'aria-live': 'polite' } as React.HTMLAttributes<HTMLDivElement>}
    >
      {toastStyles}
      <QueueDrain />
    </SnackbarProvider>
  );
}
