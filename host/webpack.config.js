const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');
const APPS = require('@wallet/shared/areas.json');

/** In development the runtime config points each area (the registry's, all but the host) at its own dev server. */
const devRuntimeConfig = {
  apiBaseUrl: '/api/v1',
  remotes: Object.fromEntries(
    Object.keys(APPS)
      .filter((name) => name !== 'host')
      .map((area) => [area, `http://127.0.0.1:${DEV_PORTS[area]}/mf-manifest.json`]),
  ),
};

module.exports = createWebpackConfig({
  dir: __dirname,
  name: APPS.host.federationName,
  title: 'Digital Wallet',
  publicPath: '/',
  port: DEV_PORTS.host,
  runtimePlugins: [require.resolve('./src/federation/fallback-plugin.ts')],
  // Its part of the public pages, rendered to HTML with each production build (dist/prerender/).
  prerender: './src/prerender.tsx',
  // The site serves it, outside any release (api/src/site/installable/): the page makes the site an installable app.
  siteHead: '<link rel="manifest" href="/manifest.webmanifest">',
  devMiddleware: (app) => app.get('/app-config.json', (_request, response) => response.json(devRuntimeConfig)),
});
