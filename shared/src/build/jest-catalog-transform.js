/**
 * Jest's side of webpack's Lingui loader: a catalog (`locales/<language>/<name>.json`) imports as
 * `{ messages }`, each message compiled by Lingui's own compiler, as the loader does at build time.
 */
const { compileMessage } = require('@lingui/message-utils/compileMessage');

module.exports = {
  process(source) {
    const messages = Object.fromEntries(
      Object.entries(JSON.parse(source)).map(([id, message]) => [id, compileMessage(message)]),
    );
    // Jest reads a .json module's transformed text as JSON.
    return { code: JSON.stringify({ messages }) };
  },
};
