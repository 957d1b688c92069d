// This package's message catalogs (src/**/locales/<language>/<name>.json), for Lingui's loader.
module.exports = require('./src/build/lingui-preset.js').createLinguiConfig(__dirname);
