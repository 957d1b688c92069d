import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** With `preventDuplicate`, a toast with the key of one still on screen is not shown again. */
  key?: string;
  preventDuplicate?: boolean;
}

interface Toast {
  message: string;
  options: ToastOptions;
}

interface ToastState {
  /** The toaster (notistack) has been asked for: by a toast, or ahead of one by `preloadToasts`. */
  wanted: boolean;
  /** Toasts not yet handed to the toaster: it takes them as soon as it is on the page. */
  queue: Toast[];
}

/** One store on the page (this module is shared, the host's copy): every app's toasts reach one toaster. */
export const useToastStore = create<ToastState>()(() => ({ wanted: false, queue: [] }));

/**
 * Shows a toast. The toaster's code (notistack) is not part of a first view: the first toast, or
 * `preloadToasts`, fetches it, and toasts asked for meanwhile wait in order and show once it is here.
 */
export function showToast(message: string, options: ToastOptions = {}) {
  useToastStore.setState((state) => ({ wanted: true, queue: [...state.queue, { message, options }] }));
}

/** Fetches the toaster ahead of the first toast (the host calls it once its first screen is up). */
export function preloadToasts() {
  if (!useToastStore.getState().wanted) useToastStore.setState({ wanted: true });
}

/** The toasts waiting for the toaster, taken off the queue (the toaster calls it once mounted). */
export function takeQueuedToasts() {
  const { queue } = useToastStore.getState();
  if (queue.length > 0) useToastStore.setState({ queue: [] });
  return queue;
}
