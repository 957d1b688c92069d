import type { Language } from '@wallet/shared/i18n/languages';
import { CATALOGS } from './catalogs';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Plain on purpose: no script, no font or image to fetch (there is no network), the device's own
 * scheme through system colours. The retry is a link to the address the person asked for, so it
 * works with nothing running: the browser asks the network again, through this worker.
 */
const STYLE =
  ':root{color-scheme:light dark;font-family:Roboto,Helvetica,Arial,sans-serif;line-height:1.5}' +
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:Canvas;color:CanvasText}' +
  'main{max-width:32rem;padding:1.5rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}' +
  'a{display:inline-block;padding:.6rem 1.5rem;border-radius:10px;background:#1565c0;color:#fff;' +
  'font-weight:500;text-decoration:none}a:focus-visible{outline:3px solid #90caf9;outline-offset:2px}';

/** What the page may load: nothing but its own style element. */
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page shown for a navigation the network could not answer, in the person's language. */
export function offlinePage(language: Language, address: string): Response {
  const words = CATALOGS[language];
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(words['offline.title'])}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(words['offline.heading'])}</h1><p>${escapeHtml(words['offline.body'])}</p>` +
    `<p><a href="${escapeHtml(address)}">${escapeHtml(words['offline.retry'])}</a></p></main></body></html>`;
  // 503: this is not the page asked for, and nothing may keep it as if it were.
  return new Response(html, {
    status: 503,
    statusText: 'Offline',
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
