import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { swrConfig } from '@wallet/shared/api';
import { DEFAULT_THEME_MODE, theme, THEME_STORAGE_KEY } from './theme';
import { ToastProvider } from '@wallet/shared/toasts';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@wallet/shared/i18n';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass `{ provider: () => new Map() }` so no cached answer leaks between them. */
  swr?: SWRConfiguration;
}

/** Language, theme, server-data cache and toasts: mounted once by the host (or a remote running alone). */
export function AppProviders({ children, swr }: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme} defaultMode={DEFAULT_THEME_MODE} modeStorageKey={THEME_STORAGE_KEY}>
        <CssBaseline enableColorScheme />
        <SWRConfig value={{ ...swrConfig, ...swr }}>
          <ToastProvider>{children}</ToastProvider>
        </SWRConfig>
      </ThemeProvider>
    </I18nProvider>
  );
}
