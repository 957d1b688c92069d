// @ts-check
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** Runs the Node bundle's pages through prerender-run.js in a production process of its own. */
function render(bundle, dist) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'prerender-run.js'), bundle, dist],
      { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`prerendering failed: ${stderr || error.message}`)) : resolve(undefined),
    );
  });
}

/**
 * Renders an app's public pages to HTML as part of its production build, so a release carries
 * them (`dist/prerender/<language>/<page>.html`; the site serves them in the host's page).
 *
 * After the browser build is written, the app's prerender entry (a module exporting
 * `renderPage(path, language)`, `PRERENDERED_PAGES` and `LANGUAGES`) is built for Node with the same loaders (SWC, the Lingui catalogs),
 * the app's packages left to Node's `require`, and run for each page in each language
 * (prerender-run.js). The Node build is thrown away; a page that fails to render fails the build.
 */
class PrerenderPlugin {
  /** @param {{ entry: string, swcRule: object, catalogRule: object }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const context = /** @type {string} */ (compiler.options.context);
      const outputPath = /** @type {string} */ (compiler.options.output.path);
      // Inside the app, so Node resolves the packages its bundle requires from the app's node_modules.
      const cache = path.join(context, 'node_modules', '.cache');
      fs.mkdirSync(cache, { recursive: true });
      const workDir = fs.mkdtempSync(path.join(cache, 'prerender-'));
      try {
        await this.buildForNode(compiler.webpack, context, workDir);
        await render(path.join(workDir, 'prerender.js'), outputPath);
      } finally {
        fs.rmSync(workDir, { recursive: true, force: true });
      }
    });
  }

  /**
   * @param {typeof import('webpack')} webpack
   * @param {string} context
   * @param {string} workDir
   */
  buildForNode(webpack, context, workDir) {
    /** @type {import('webpack').Configuration} */
    const config = {
      mode: 'production',
      target: 'node20',
      context,
      entry: { prerender: this.options.entry },
      output: {
        path: workDir,
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        library: { type: 'commonjs2' },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      // The app's packages are Node's to load (one React for the renderer and the pages); only
      // @wallet/shared, which is source, and the app's own code are built.
      externals: [
        ({ request }, callback) =>
          request && /^(@[^/.][^/]*\/)?[^./][^/]*/.test(request) && !request.startsWith('@wallet/shared')
            ? callback(undefined, `commonjs ${request}`)
            : callback(),
      ],
      module: { rules: [this.options.swcRule, this.options.catalogRule] },
      optimization: { minimize: false },
      performance: { hints: false },
    };
    return new Promise((resolve, reject) => {
      webpack(config, (error, stats) => {
        if (error) return reject(error);
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
        resolve(undefined);
      });
    });
  }
}

module.exports = { PrerenderPlugin };
