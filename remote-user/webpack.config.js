const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'wallet_user',
  title: 'Digital Wallet',
  publicPath: 'auto',
  port: DEV_PORTS.user,
  exposes: { './routes': './src/routes.tsx', './menu': './src/menu.tsx' },
});
