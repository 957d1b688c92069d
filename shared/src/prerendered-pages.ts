/**
 * The public pages rendered to HTML when a release is built (remote-public's pages, inside the
 * host's header and footer), by path, with the file each is kept under in the release's
 * `prerender/<language>/` folder. The site serves them in the host's page; any other path is
 * rendered in the browser alone.
 */
export const PRERENDERED_PAGES = {
  '/': 'index',
  '/features': 'features',
  '/about': 'about',
  '/faq': 'faq',
  '/pricing': 'pricing',
  '/contact': 'contact',
  '/login': 'login',
  '/register': 'register',
  '/unauthorized': 'unauthorized',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

export const isPrerenderedPath = (pathname: string): pathname is PrerenderedPath =>
  Object.hasOwn(PRERENDERED_PAGES, pathname);

/** Where the page's host shell keeps the public page: replaced by the public release's HTML. */
export const PAGE_SLOT = '<wallet-page-slot></wallet-page-slot>';

/** The element the site puts the pre-rendered page in, beside the host's (hidden) root until it takes over. */
export const PRERENDERED_ID = 'wallet-prerendered';
