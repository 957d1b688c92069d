const { createRemoteConfig } = require('@wallet/shared/webpack-preset');

module.exports = createRemoteConfig('admin', __dirname);
