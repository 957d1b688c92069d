/**
 * The Lingui configuration of every package with messages: English is the source, Bangla the
 * translation, each catalog a JSON file of id → ICU message in a `locales/<language>/<name>.json` below `src`.
 * A package's `lingui.config.js` is this preset called with its folder; webpack's Lingui loader
 * finds that file from the catalog it compiles. CommonJS, as the loader loads it with require.
 */
const fs = require('node:fs');
const path = require('node:path');
const { formatter } = require('@lingui/format-json');

/** Every English catalog below `src`, as its folder (relative to the package) and name. */
function englishCatalogs(dir) {
  return fs
    .readdirSync(path.join(dir, 'src'), { recursive: true })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /(^|\/)locales\/en\/[^/]+\.json$/.test(file))
    .map((file) => ({
      folder: `src/${path.posix.dirname(path.posix.dirname(path.posix.dirname(file)))}`,
      name: path.posix.basename(file, '.json'),
    }));
}

/** @param {string} dir the package's folder */
function createLinguiConfig(dir) {
  return {
    rootDir: dir,
    sourceLocale: 'en',
    locales: ['en', 'bn'],
    fallbackLocales: { default: 'en' },
    catalogs: englishCatalogs(dir).map(({ folder, name }) => ({
      path: `<rootDir>/${path.posix.normalize(folder)}/locales/{locale}/${name}`,
      include: [`<rootDir>/${path.posix.normalize(folder)}`],
    })),
    format: formatter({ style: 'minimal' }),
  };
}

module.exports = { createLinguiConfig, englishCatalogs };
