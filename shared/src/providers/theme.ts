import { createTheme } from '@mui/material/styles';

/** Spec §4 and §9: light, dark or system, saved under vite-ui-theme, a light/dark class on <html>. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const DEFAULT_THEME_MODE = 'system';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 10 },
  typography: { button: { textTransform: 'none' } },
});
