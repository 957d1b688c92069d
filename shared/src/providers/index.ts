export { AppProviders } from './app-providers';
export { TOAST_SETTINGS } from './toasts';
