/**
 * One webpack configuration for the host and every remote, so they build, share and split the
 * same way. CommonJS on purpose: webpack-cli loads it with plain `require`.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { parse: parseYaml } = require('yaml');
const fs = require('node:fs');

/** Libraries that hold state (contexts, stores, caches): exactly one copy on a page. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  'notistack',
  'zustand',
  'swr',
  'react-hook-form',
  'zod',
];
/** Packages imported by subpath (`react/jsx-runtime`, `@mui/material/Button`). */
const SHARED_SUBPATHS = ['react', 'react-dom', '@mui/material', 'swr', 'zod'];
/**
 * The parts of @wallet/shared that hold page-wide state: the API client and its config, the
 * session store, the providers (theme, caches, toasts). One copy on a page, the host's, so they
 * carry the package's version and a remote built against an incompatible one refuses to start
 * (the host shows the area's fallback). Everything else of @wallet/shared (UI kit, money form,
 * paged table, contracts, money helpers, the area registry) holds no state and is bundled into
 * each app: a remote's release carries its own fixes.
 */
const STATEFUL_SHARED = ['@wallet/shared/api', '@wallet/shared/session', '@wallet/shared/providers'];

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

function sharedConfig(dependencies, dir) {
  const catalog = workspaceCatalog(dir);
  const entry = (name) => ({
    singleton: true,
    version: installedVersion(name, dir),
    requiredVersion: requiredRange(dependencies[name], name, catalog),
  });
  const shared = {};
  for (const name of SINGLETONS) shared[name] = entry(name);
  for (const name of SHARED_SUBPATHS) shared[`${name}/`] = entry(name);
  const { version } = require('../../package.json');
  for (const name of STATEFUL_SHARED) {
    shared[name] = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: true };
  }
  return shared;
}

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
 * @param {(app: import('express').Application) => void} [options.devMiddleware] extra dev-server routes
 * @param {string} options.title the HTML page's title
 */
function createWebpackConfig(options) {
  const { dir, name, exposes, runtimePlugins, publicPath, port, devMiddleware, title } = options;
  const { dependencies = {} } = require(path.join(dir, 'package.json'));
  const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

  return (_env, argv) => {
    const isProduction = argv.mode !== 'development';
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
      module: { rules: [swcRule(isProduction)] },
      optimization: {
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            extractComments: false,
            terserOptions: { compress: { passes: 2 } },
          }),
        ],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dependencies, dir),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          title,
          templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title></head><body><div id="root"></div></body></html>`,
          chunks: ['main'],
        }),
        // Pre-compressed copies, so the static server sends gzip or brotli without compressing per request.
        ...(isProduction
          ? [
              new CompressionPlugin({
                test: /\.(js|html|json)$/,
                algorithm: 'gzip',
                filename: '[path][base].gz',
                threshold: 1024,
              }),
              new CompressionPlugin({
                test: /\.(js|html|json)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
              }),
            ]
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

module.exports = { createWebpackConfig, DEV_PORTS };
