// @ts-check
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const InitColorSchemeScript = require('@mui/material/InitColorSchemeScript').default;
const { createTheme } = require('@mui/material/styles');
const settings = require('../providers/theme-settings.json');

/** The theme's two schemes, as theme.ts makes them (MUI's defaults). */
const schemes = () => createTheme({ colorSchemes: { light: true, dark: true } }).colorSchemes;

/**
 * What the page's `<head>` carries so that it opens in the visitor's scheme before any script file
 * arrives: MUI's own pre-paint script (InitColorSchemeScript), which reads the mode the theme
 * stores (`vite-ui-theme`: light, dark or system, the last by the OS's preference) and puts the
 * same `light`/`dark` class on `<html>` that the ThemeProvider keeps there later; the dark
 * scheme's page colour for that class, so a dark-mode visitor's first paint is dark, not white;
 * and the header's colour as the `theme-color` of each scheme.
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
  const dark = schemes().dark.palette.background.default;
  const colors = themeColors();
  return (
    `${script}<style>html.dark{color-scheme:dark;background-color:${dark}}</style>` +
    // The browser's own bar in the device's scheme until the app runs: then it follows the
    // person's choice (host/src/app/theme-color.ts), which may differ from the device's.
    `<meta name="theme-color" content="${colors.light}" media="(prefers-color-scheme: light)">` +
    `<meta name="theme-color" content="${colors.dark}" media="(prefers-color-scheme: dark)">`
  );
}

/**
 * The header's colour in each scheme, which the browser's bar (an installed app's title bar) takes
 * on: MUI's AppBar in its `default` colour, grey 100 in the light scheme and the paper in the dark
 * one (its `darkBg`). host/src/app/theme-color.ts reads the same from the theme, and a test holds
 * the two together.
 */
function themeColors() {
  const { light, dark } = schemes();
  return { light: light.palette.grey[100], dark: dark.palette.background.paper };
}

module.exports = { colorSchemeHead };
