export { ToastProvider } from './toast-provider';
export { TOAST_SETTINGS } from './toast-settings';
export { preloadToasts, showToast, useToastStore, type ToastOptions, type ToastVariant } from './toast-store';
