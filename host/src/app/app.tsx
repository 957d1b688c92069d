import { AppProviders } from '@wallet/shared/providers';
import { useSessionLoader } from '@wallet/shared/api';
import { usePrefetchAfterFirstScreen } from '../federation/prefetch-area';
import { AppRoutes } from './app-routes';
import { useLanguageSync } from './language-choice';
import { useThemeColorMeta } from './theme-color';

/** The session and the routes; the providers around it come from `App` (or a test's render helper). */
export function Shell() {
  useSessionLoader();
  useLanguageSync();
  usePrefetchAfterFirstScreen();
  useThemeColorMeta();
  return <AppRoutes />;
}

export function App() {
  return (
    <AppProviders>
      <Shell />
    </AppProviders>
  );
}
