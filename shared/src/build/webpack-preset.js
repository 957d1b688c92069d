/**
 * One webpack configuration for the host and every remote, so they build, share and split the
 * same way. CommonJS on purpose: webpack-cli loads it with plain `require`.
 */
require('../runtime/node').requireProjectNode('The front-end build');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { colorSchemeHead } = require('./color-scheme');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrerenderPlugin } = require('./prerender-plugin');
const { parse: parseYaml } = require('yaml');
const fs = require('node:fs');

/** Libraries that hold state (contexts, stores, caches): exactly one copy on a page. */
const SINGLETONS = [
  'react',
  'react-dom',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  'zustand',
  'swr',
  'react-hook-form',
  'zod',
  '@lingui/core',
  '@lingui/react',
];
/** Packages imported by subpath (`react/jsx-runtime`, `@mui/material/Button`). */
const SHARED_SUBPATHS = ['react', 'react-dom', '@mui/material', 'swr', 'zod'];
/**
 * The parts of @wallet/shared that hold page-wide state: the API client and its config, the
 * session store, the providers (theme, caches), the toasts' queue, the router's contexts and the
 * live events' one connection. One copy on a page, the host's, so they carry the package's
 * version and a remote built against an incompatible one refuses to start (the host shows the
 * area's fallback). Everything else of @wallet/shared (the data hooks, UI kit, money form, paged
 * table, contracts, money helpers, the area registry) holds no state and is bundled into each
 * app: a remote's release carries its own fixes.
 */
const STATEFUL_SHARED = [
  '@wallet/shared/api',
  '@wallet/shared/session',
  '@wallet/shared/providers',
  '@wallet/shared/router',
  '@wallet/shared/toasts',
  '@wallet/shared/live',
  '@wallet/shared/i18n',
];
/** Stateful, but no first view uses it: the host provides it with the first chunk that does (a dashboard). */
const LATER_STATEFUL = new Set(['@wallet/shared/live']);

/** The installed version, stated outright: subpath folders (`@mui/material/esm/...`) have no version of their own. */
function installedVersion(name, dir) {
  return require(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
}

/** The workspace's pnpm catalog: the one place a range shared by several apps is written. */
function workspaceCatalog(dir) {
  const workspaceFile = path.join(dir, '..', 'pnpm-workspace.yaml');
  return parseYaml(fs.readFileSync(workspaceFile, 'utf8')).catalog ?? {};
}

/** The range an app asks for, with `catalog:` read from the workspace's catalog. */
function requiredRange(range, name, catalog) {
  if (range === undefined || range.startsWith('workspace:')) return false;
  return range === 'catalog:' ? catalog[name] : range;
}

/** What no page needs before its first screen: the host never provides them (see below). */
const NOT_FROM_THE_HOST = new Set(['zod', 'react-hook-form']);
/**
 * Subpaths of a shared library that no first view uses, named so they are not eager with the
 * rest of it (`swr/` is): the host provides them with the first chunk that imports them (SWR's
 * infinite lists: the Notifications page's).
 */
const LATER_SUBPATHS = ['swr/infinite'];
/** Shared, but never eager: the whole of MUI, the MUI pieces the host does not name, and LATER_SUBPATHS. */
const NEVER_EAGER = new Set(['@mui/material', '@mui/material/', ...LATER_SUBPATHS]);

/**
 * The MUI pieces of the first view: what the shell (header, footer, fallbacks, providers) and
 * the landing page use, in the host's first script (the header's menus come after it:
 * host/src/layout/header-menu.tsx). Any other piece an area uses is shared on demand. A piece
 * the shell imports must be named here: the host provides only these eagerly, and remotes take
 * them from the host.
 */
const FIRST_VIEW_MUI = [
  'styles',
  'CssBaseline',
  'GlobalStyles',
  'AppBar',
  'Toolbar',
  'Container',
  'Box',
  'Stack',
  'Typography',
  'Button',
  'IconButton',
  // The header's notification bell, for a signed-in person (its panel comes after the first view).
  'Badge',
  'Link',
  'SvgIcon',
  'Alert',
  'AlertTitle',
  'CircularProgress',
];

/**
 * @param {'host' | 'remote' | 'standalone'} role the host's way: everything it provides, and the
 * first view's MUI pieces, are in its first script, ready before any remote asks, so a remote's
 * `react` or `Button` costs no request and no negotiation round trip. The rest of MUI stays
 * shared on demand; zod and react-hook-form come with the first area that uses them (a form),
 * and serve every area of the page from then on.
 * A production remote (`remote`) takes the stateful @wallet/shared modules from the host alone
 * (`import: false`): its entry lists no copy of its own and its build carries none (like the
 * federation runtime, which it also takes from the host); a host without them (another major of
 * @wallet/shared) makes the remote fail to load and show its area's fallback. Third-party
 * packages keep their fallback even though the host provides them: without one, webpack cannot
 * tell how the module exports, and a library's strict ES module code that default-imports it
 * (`@mui/styled-engine` importing `@emotion/styled`, `@mui/x-charts` importing `Typography`)
 * gets the module object instead of the function. A remote's dev server (`standalone`) runs
 * alone, so it provides everything itself.
 */
function sharedConfig(dependencies, dir, role) {
  const catalog = workspaceCatalog(dir);
  const isHost = role === 'host';
  const entry = (name, key = name) => ({
    singleton: true,
    eager: isHost && !NEVER_EAGER.has(key),
    version: installedVersion(name, dir),
    requiredVersion: requiredRange(dependencies[name], name, catalog),
  });
  const provided = (name) => !(isHost && NOT_FROM_THE_HOST.has(name));
  const shared = {};
  for (const name of SINGLETONS.filter(provided)) shared[name] = entry(name);
  for (const name of SHARED_SUBPATHS.filter(provided)) shared[`${name}/`] = entry(name, `${name}/`);
  for (const subpath of LATER_SUBPATHS) shared[subpath] = entry(subpath.split('/')[0], subpath);
  if (isHost) for (const piece of FIRST_VIEW_MUI) shared[`@mui/material/${piece}`] = entry('@mui/material', piece);
  const { version } = require('../../package.json');
  for (const name of STATEFUL_SHARED) {
    shared[name] =
      role === 'remote'
        ? { import: false, singleton: true, requiredVersion: `^${version}`, strictVersion: true }
        : {
            singleton: true,
            eager: isHost && !LATER_STATEFUL.has(name),
            version,
            requiredVersion: `^${version}`,
            strictVersion: true,
          };
  }
  return shared;
}

/**
 * The runtime plugin that hands the host's federation runtime to the remotes (what the plugin's
 * `provideExternalRuntime` adds), by its ES module build: the option adds the CommonJS build,
 * which pulls in a second, CommonJS copy of the whole runtime next to the ES one the host runs.
 */
const EXTERNAL_RUNTIME_PROVIDER = path.join(
  path.dirname(
    require.resolve('@module-federation/inject-external-runtime-core-plugin', {
      paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
    }),
  ),
  'index.js',
);

/** Minified by SWC, twice over. */
const minimizer = () =>
  new TerserPlugin({
    minify: TerserPlugin.swcMinify,
    extractComments: false,
    terserOptions: { compress: { passes: 2 } },
  });

/** Pre-compressed copies, so the static server sends gzip or brotli without compressing per request. */
const precompressed = () => [
  new CompressionPlugin({ test: /\.(js|html|json)$/, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024 }),
  new CompressionPlugin({
    test: /\.(js|html|json)$/,
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    threshold: 1024,
  }),
];

/** The page: it opens in the visitor's light or dark scheme before any script file arrives (color-scheme.js). */
const pageTemplate = (title, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title>${colorSchemeHead()}${head}</head><body><div id="root"></div></body></html>`;

/** html-webpack-plugin's production minification, with the inline script and style minified too. */
const PAGE_MINIFY = {
  collapseWhitespace: true,
  keepClosingSlash: true,
  removeComments: true,
  removeRedundantAttributes: true,
  removeScriptTypeAttributes: true,
  removeStyleLinkTypeAttributes: true,
  useShortDoctype: true,
  minifyJS: true,
  minifyCSS: true,
};

/**
 * Message catalogs (`locales/<language>/<name>.json`) compiled by Lingui's loader at build time, so
 * the page carries no message compiler; a Bangla catalog missing an English message fails the build.
 */
const catalogRule = () => ({
  test: /[\\/]locales[\\/][a-z]{2}[\\/][^\\/]+\.json$/,
  type: 'json',
  use: { loader: require.resolve('@lingui/loader'), options: { failOnMissing: true, failOnCompileError: true } },
});

const swcRule = (isProduction) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: !isProduction, refresh: false } },
      },
    },
  },
});

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (its package.json gives the shared versions)
 * @param {string} options.name the federation name (`wallet_host`, `wallet_public`, ...)
 * @param {Record<string, string>} [options.exposes] what a remote offers the host
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (the host's fallback)
 * @param {'/' | 'auto'} options.publicPath `/` for the host, `auto` for a remote (served under any path)
 * @param {number} options.port the dev server's port
 * @param {(app: object) => void} [options.devMiddleware] extra routes on the dev server's Express app
 * @param {string} options.title the HTML page's title
 * @param {string} [options.prerender] a module rendering the public pages to HTML in Node
 *   (`renderPage`), run by a production build into `dist/prerender/` (prerender-plugin.js)
 * @param {string} [options.siteHead] what the page's head carries where the site serves it (a
 *   production build): the host's link to the web app manifest, which no dev server serves
 */
function createWebpackConfig(options) {
  const { dir, name, exposes, runtimePlugins, publicPath, port, devMiddleware, title, prerender, siteHead } = options;
  const { dependencies = {} } = require(path.join(dir, 'package.json'));
  const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

  return (_env, argv) => {
    const isProduction = argv.mode !== 'development';
    const isHost = !exposes;
    return {
      mode: isProduction ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // A host release is served under its own versioned path (`pnpm release host` sets it).
        publicPath: process.env.PUBLIC_PATH ?? publicPath,
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
        // Rewrite every file, so dist's mtime says when it was built (pnpm start compares it with the sources).
        compareBeforeEmit: false,
      },
      devtool: isProduction ? false : 'eval-cheap-module-source-map',
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: { rules: [swcRule(isProduction), catalogRule()] },
      optimization: { minimizer: [minimizer()] },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dependencies, dir, isHost ? 'host' : isProduction ? 'remote' : 'standalone'),
          shareStrategy: 'loaded-first',
          runtimePlugins: isHost ? [...(runtimePlugins ?? []), EXTERNAL_RUNTIME_PROVIDER] : runtimePlugins,
          manifest: true,
          dts: false,
          // One federation runtime on the page, the host's: a production remote's entry uses it
          // instead of carrying its own (a remote's dev server still runs standalone with its own).
          // The host enters remotes by their remoteEntry.js, so its runtime leaves out the manifest
          // ("snapshot") code.
          experiments: isHost
            ? { optimization: { disableSnapshot: true, target: 'web' } }
            : isProduction
              ? { externalRuntime: true }
              : {},
        }),
        new HtmlWebpackPlugin({
          title,
          templateContent: pageTemplate(title, isProduction ? siteHead : ''),
          chunks: ['main'],
          minify: isProduction ? PAGE_MINIFY : false,
        }),
        ...(isProduction ? precompressed() : []),
        ...(isProduction && prerender
          ? [new PrerenderPlugin({ entry: prerender, swcRule: swcRule(true), catalogRule: catalogRule() })]
          : []),
      ],
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false }],
        setupMiddlewares: (middlewares, server) => {
          devMiddleware?.(server.app);
          return middlewares;
        },
      },
    };
  };
}

/** The dev servers' ports: the API stays on 3000, each app gets its own. */
const AREAS = require('../areas.json');
const DEV_PORTS = Object.fromEntries(Object.entries(AREAS).map(([name, app]) => [name, app.devPort]));

/**
 * A remote area's whole configuration, from its entry in the area registry (federation name, dev
 * port): served under any path, exposing its routes and its sidebar menu. The public area passes
 * its own `exposes` (it has no menu) and its `prerender`.
 * @param {string} area the area's key in areas.json (`public`, `user`, `agent`, `admin`)
 * @param {string} dir the remote's folder
 * @param {{ exposes?: Record<string, string>, prerender?: string }} [options]
 */
function createRemoteConfig(area, dir, options = {}) {
  return createWebpackConfig({
    dir,
    name: AREAS[area].federationName,
    title: 'Digital Wallet',
    publicPath: 'auto',
    port: DEV_PORTS[area],
    exposes: options.exposes ?? { './routes': './src/routes.tsx', './menu': './src/menu.tsx' },
    prerender: options.prerender,
  });
}

module.exports = {
  createWebpackConfig,
  createRemoteConfig,
  DEV_PORTS,
  swcRule,
  catalogRule,
  minimizer,
  precompressed,
  pageTemplate,
};
