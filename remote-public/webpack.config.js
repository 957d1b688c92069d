const { createWebpackConfig, DEV_PORTS } = require('@wallet/shared/webpack-preset');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'wallet_public',
  title: 'Digital Wallet',
  publicPath: 'auto',
  port: DEV_PORTS.public,
  exposes: { './routes': './src/routes.tsx' },
});
