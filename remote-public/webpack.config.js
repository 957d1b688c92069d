const { createRemoteConfig } = require('@wallet/shared/webpack-preset');

module.exports = createRemoteConfig('public', __dirname, {
  exposes: { './routes': './src/routes.tsx' },
  // Its part of the public pages, rendered to HTML with each production build (dist/prerender/).
  prerender: './src/prerender.tsx',
});
