import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { TOAST_SELECTOR } from './toast-settings';
import { useToastStore } from './toast-store';

const loadToaster = () => import('./toaster');

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

/**
 * The page's toaster, beside the page rather than around it: nothing of the page waits for it.
 * It is fetched once asked for (`showToast`, `preloadToasts`); a fetch that fails is tried again
 * by the next toast, and the toasts waiting meanwhile stay queued.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  useToastHotkey();
  const wanted = useToastStore((state) => state.wanted);
  // A lazy component remembers a failed fetch: each attempt gets its own.
  const [Toaster, setToaster] = useState(() => lazy(loadToaster));
  return (
    <>
      {children}
      {wanted && (
        <ErrorBoundary
          fallback={null}
          onError={(error) => {
            console.error('[toasts] the toaster failed to load', error);
            useToastStore.setState({ wanted: false });
            setToaster(() => lazy(loadToaster));
          }}
        >
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
