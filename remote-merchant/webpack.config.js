const { createRemoteConfig } = require('@wallet/shared/webpack-preset');

module.exports = createRemoteConfig('merchant', __dirname);
