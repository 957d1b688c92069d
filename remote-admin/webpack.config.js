const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');
const { admin: area } = require('@wallet/shared/areas.json');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: area.federationName,
  title: 'Digital Wallet',
  publicPath: 'auto',
  port: DEV_PORTS.admin,
  exposes: { './routes': './src/routes.tsx', './menu': './src/menu.tsx' },
});
