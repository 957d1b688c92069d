const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');
const { public: area } = require('@wallet/shared/areas.json');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: area.federationName,
  title: 'Digital Wallet',
  publicPath: 'auto',
  port: DEV_PORTS.public,
  exposes: { './routes': './src/routes.tsx' },
  // Its part of the public pages, rendered to HTML with each production build (dist/prerender/).
  prerender: './src/prerender.tsx',
});
