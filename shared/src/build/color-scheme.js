// @ts-check
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const InitColorSchemeScript = require('@mui/material/InitColorSchemeScript').default;
const { createTheme } = require('@mui/material/styles');
const settings = require('../providers/theme-settings.json');

/**
 * What the page's `<head>` carries so that it opens in the visitor's scheme before any script file
 * arrives: MUI's own pre-paint script (InitColorSchemeScript), which reads the mode the theme
 * stores (`vite-ui-theme`: light, dark or system, the last by the OS's preference) and puts the
 * same `light`/`dark` class on `<html>` that the ThemeProvider keeps there later; and the dark
 * scheme's page colour for that class, so a dark-mode visitor's first paint is dark, not white.
 * The script is the same for every build of these settings: the site allows it by its hash.
 */
function colorSchemeHead() {
  const script = renderToStaticMarkup(
    createElement(InitColorSchemeScript, {
      attribute: 'class',
      modeStorageKey: settings.modeStorageKey,
      defaultMode: settings.defaultMode,
    }),
  );
  const dark = createTheme({ colorSchemes: { light: true, dark: true } }).colorSchemes.dark?.palette.background.default;
  return `${script}<style>html.dark{color-scheme:dark;background-color:${dark}}</style>`;
}

module.exports = { colorSchemeHead };
