import { lazy, Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { catalogsReady } from '@wallet/shared/i18n';
import { useKitT } from './messages';

/** A page still loading; `data-page-loading` tells the host a pre-rendered page is not to be replaced yet. */
export function PageLoading() {
  const t = useKitT();
  return (
    <Box
      role="status"
      aria-label={t('kit.loading')}
      data-page-loading=""
      sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
    >
      <CircularProgress aria-label={t('kit.loading')} />
    </Box>
  );
}

let pages = 0;

/**
 * A route element whose page is fetched only when the route is visited, and shown once the
 * catalogs its code registered are ready in the page's language.
 *
 * Each page has a Suspense boundary of its own (its key): a navigation to a page not fetched yet
 * shows the loading state at once. Sharing one boundary, React would keep the previous page on
 * screen under the new address until the new one arrived (a navigation is a transition), and what
 * a person typed into it meanwhile, after "Sing Up" took them to /login, was lost.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(() => load().then(async (page) => (await catalogsReady(), page)));
  pages += 1;
  return (
    <Suspense key={`lazy-page-${pages}`} fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
