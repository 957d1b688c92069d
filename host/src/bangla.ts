import bn from './locales/bn/host.json';

/**
 * The shell's Bangla catalog, and the shipped Bengali font with it: a page switched to Bangla in the
 * browser adds the faces the server writes into a Bangla page (api/src/site/bangla-font.ts, which
 * serves this stylesheet), unless the page came with them. Here, in the chunk fetched only for
 * Bangla, so an English page's code stays as it was, byte for byte.
 */
const FONT_ELEMENT = 'wallet-bangla-font';
if (typeof document !== 'undefined' && !document.getElementById(FONT_ELEMENT)) {
  const link = document.createElement('link');
  link.id = FONT_ELEMENT;
  link.rel = 'stylesheet';
  link.href = '/fonts/bangla.css';
  document.head.append(link);
}

export default bn;
