const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');

/** In development the runtime config points each area at its own dev server. */
const devRuntimeConfig = {
  apiBaseUrl: '/api/v1',
  remotes: {
    public: `http://127.0.0.1:${DEV_PORTS.public}/mf-manifest.json`,
    user: `http://127.0.0.1:${DEV_PORTS.user}/mf-manifest.json`,
    agent: `http://127.0.0.1:${DEV_PORTS.agent}/mf-manifest.json`,
    admin: `http://127.0.0.1:${DEV_PORTS.admin}/mf-manifest.json`,
  },
};

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'wallet_host',
  title: 'Digital Wallet',
  publicPath: '/',
  port: DEV_PORTS.host,
  runtimePlugins: [require.resolve('./src/federation/fallback-plugin.ts')],
  devMiddleware: (app) => app.get('/app-config.json', (_request, response) => response.json(devRuntimeConfig)),
});
