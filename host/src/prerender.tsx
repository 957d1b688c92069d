/**
 * The host's header and footer around each public page, rendered in Node when the host is built
 * (PrerenderPlugin): the page's slot is left for the site to fill with the live public release's
 * HTML of that page. The header is the one a visitor without a session sees.
 */
import { createElement } from 'react';
import { Route, Routes } from '@wallet/shared/router';
import { renderToHtml } from '@wallet/shared/prerender';
import type { Language } from '@wallet/shared/i18n';
import { SiteLayout } from './layout/site-layout';

export { PRERENDERED_PAGES } from '@wallet/shared/prerendered-pages';
export { LANGUAGES } from '@wallet/shared/i18n';

/** The shell at `pathname` (its header's links mark the page): global styles and the theme's variables first. */
export async function renderPage(pathname: string, language: Language) {
  const { html, styles } = await renderToHtml(
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={createElement('wallet-page-slot')} />
      </Route>
    </Routes>,
    { location: pathname, language, globals: true },
  );
  return `${styles}${html}`;
}
