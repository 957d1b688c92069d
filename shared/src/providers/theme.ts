import { createTheme } from '@mui/material/styles';
// Also read at build time by the page's pre-paint script (src/build/color-scheme.js).
import settings from './theme-settings.json';

/** Spec §4 and §9: light, dark or system, saved under vite-ui-theme, a light/dark class on <html>. */
export const THEME_STORAGE_KEY = settings.modeStorageKey;
export const DEFAULT_THEME_MODE = settings.defaultMode as 'light' | 'dark' | 'system';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 10 },
  typography: { button: { textTransform: 'none' } },
});
