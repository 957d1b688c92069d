export { AppProviders } from './app-providers';
export { DEFAULT_THEME_MODE, theme, THEME_STORAGE_KEY } from './theme';
export { TOAST_SETTINGS, ToastProvider } from './toasts';
