// @ts-check
/**
 * `node prerender-run.js <bundle> <dist>`: renders every pre-rendered page of an app's Node bundle
 * in every language into `<dist>/prerender/<language>/<page>.html`. Run by PrerenderPlugin in a
 * process of its own, with NODE_ENV=production: the packages the bundle requires (React, MUI,
 * emotion) run as they do in the browser build, so the class names and markup are the page's own.
 */
require('../runtime/node').requireProjectNode('The pre-render');
const fs = require('node:fs');
const path = require('node:path');

async function main() {
  const [bundle, dist] = process.argv.slice(2);
  if (!bundle || !dist) throw new Error('usage: prerender-run.js <bundle> <dist>');
  /** @type {{ renderPage(path: string, language: string): Promise<string>, PRERENDERED_PAGES: Record<string, string>, LANGUAGES: string[] }} */
  const { renderPage, PRERENDERED_PAGES, LANGUAGES } = require(path.resolve(bundle));
  for (const language of LANGUAGES) {
    const folder = path.join(dist, 'prerender', language);
    fs.mkdirSync(folder, { recursive: true });
    for (const [pathname, name] of Object.entries(PRERENDERED_PAGES)) {
      fs.writeFileSync(path.join(folder, `${name}.html`), await renderPage(pathname, language));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
