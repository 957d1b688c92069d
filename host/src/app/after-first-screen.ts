import { useEffect } from 'react';
import { useRemoteLoader } from '../federation/remote-loader';

/** Runs `task` when the browser is idle (soon anyway), and returns how to call it off. */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `task` once the first screen is on the page (an area's page, or its fallback) and the
 * browser is idle: what it fetches never competes with what the visitor waits for. The browser is
 * often idle before that, while an area's files are on their way or React holds a loading state
 * on screen for a moment, which is why idleness alone is not enough. A new `task` (its inputs
 * changed) is scheduled the same way.
 */
export function useAfterFirstScreen(task: (() => void) | undefined) {
  const loader = useRemoteLoader();
  useEffect(() => {
    if (!task) return undefined;
    let live = true;
    let cancel: (() => void) | undefined;
    void loader.firstScreen.then(() => {
      if (live) cancel = whenIdle(task);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [loader, task]);
}
