import { useEffect } from 'react';
import { useColorScheme, useTheme, type Palette } from '@mui/material/styles';

/** The theme's two schemes: theme.ts turns CSS variables on, which the theme's type leaves unsaid. */
type Schemes = Record<'light' | 'dark', { palette: Palette }>;

/**
 * The header's colour in each scheme, which the browser's bar (an installed app's title bar)
 * takes on: MUI's AppBar in its `default` colour, grey 100 in the light scheme and the paper in
 * the dark one. The page's head starts with the same two, by the device's scheme
 * (shared/src/build/color-scheme.js, `themeColors`); e2e/specs/installable.spec.ts holds both to
 * the header as drawn.
 */
function useHeaderColors() {
  const { colorSchemes } = useTheme() as unknown as { colorSchemes: Schemes };
  return { light: colorSchemes.light.palette.grey[100], dark: colorSchemes.dark.palette.background.paper };
}

/** One `<meta name="theme-color">`, for whatever scheme the page shows: the device's media-bound pair gives way to it. */
function showThemeColor(color: string) {
  const [meta, ...others] = document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]');
  others.forEach((other) => other.remove());
  const shown =
    meta ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'theme-color' }));
  shown.removeAttribute('media');
  shown.content = color;
}

/**
 * The browser's bar follows the scheme the person chose with the header's theme toggle (light,
 * dark, or the device's, as the device changes), not only the device's scheme.
 */
export function useThemeColorMeta() {
  const { colorScheme } = useColorScheme();
  const colors = useHeaderColors();
  const color = colorScheme ? colors[colorScheme] : undefined;
  useEffect(() => {
    if (color) showThemeColor(color);
  }, [color]);
}
