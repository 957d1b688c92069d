const { createRemoteConfig } = require('@wallet/shared/webpack-preset');

module.exports = createRemoteConfig('agent', __dirname);
