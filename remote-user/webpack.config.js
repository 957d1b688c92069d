const { createRemoteConfig } = require('@wallet/shared/webpack-preset');

module.exports = createRemoteConfig('user', __dirname);
