module.exports = require('@wallet/shared/jest-preset');
