/**
 * Rendering a page to HTML at build time, in Node (never in a browser bundle): the same providers
 * as the page (theme, language, caches), with emotion's critical CSS for what the HTML uses.
 * Used by the prerender entries of the host (its header and footer) and of remote-public (its
 * pages), which `PrerenderPlugin` (src/build/prerender-plugin.js) builds and runs.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { catalogsReady, setLanguage, type Language } from '@wallet/shared/i18n';
import { AppProviders } from '@wallet/shared/providers';

export interface RenderedHtml {
  /** The markup, for the element it is put in. */
  html: string;
  /** `<style data-emotion>` elements for it: emotion in the page adopts them instead of inserting its own. */
  styles: string;
}

async function text(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The rendered buttons disabled: until the app takes the page over, a button does nothing (its
 * handler is the app's), and a form's submit (a click, or Enter in a field: a form whose submit
 * button is disabled does not submit) would be the browser's own, a GET carrying the fields (a
 * password) in the address. Links stay links: a click on one is a plain navigation. The app's
 * buttons, which replace these, work.
 */
const inertButtons = (html: string) =>
  html.replace(/<button\b([^>]*)>/g, (tag, attributes: string) =>
    /\sdisabled(=|\s|$)/.test(attributes) ? tag : `<button${attributes} disabled="">`,
  );

/**
 * `element` rendered at the address `location` in `language` once every lazy part of it has
 * loaded (React's static prerender waits for each Suspense boundary). `globals` says whether the
 * global styles (the baseline and the theme's variables) come with it: the host's shell carries
 * them, a page not.
 */
export async function renderToHtml(
  element: ReactNode,
  { location, language, globals }: { location: string; language: Language; globals: boolean },
): Promise<RenderedHtml> {
  await setLanguage(language);
  await catalogsReady();
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouter location={location}>{element}</StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  // A page's lazy parts register their catalogs as they load: the render waited for them too.
  await catalogsReady();
  const html = inertButtons(await text(prelude));
  const chunks = server.extractCriticalToChunks(html);
  const styles = server.constructStyleTagsFromChunks({
    html,
    styles: chunks.styles.filter((chunk) => globals || !chunk.key.endsWith('-global')),
  });
  return { html, styles };
}
