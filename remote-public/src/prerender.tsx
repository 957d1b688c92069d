/**
 * The public pages as HTML, rendered in Node when this remote's release is built (PrerenderPlugin):
 * the site puts a page's HTML in the host's page for a visitor's first view, before any script.
 */
import { useRoutes } from '@wallet/shared/router';
import { renderToHtml } from '@wallet/shared/prerender';
import type { Language } from '@wallet/shared/i18n';
import { routes } from './routes';

export { PRERENDERED_PAGES } from '@wallet/shared/prerendered-pages';
export { LANGUAGES } from '@wallet/shared/i18n';

function Page() {
  return useRoutes(routes);
}

/** The page at `pathname`: its styles, then its markup (what the host's layout holds in `<main>`). */
export async function renderPage(pathname: string, language: Language) {
  const { html, styles } = await renderToHtml(<Page />, { location: pathname, language, globals: false });
  return `${styles}${html}`;
}
