// This package's message catalogs (src/**/locales/<language>/<name>.json), for Lingui's loader.
module.exports = require('@wallet/shared/lingui-preset').createLinguiConfig(__dirname);
