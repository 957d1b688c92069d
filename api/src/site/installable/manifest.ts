import type { AppIcon } from './icons';

/**
 * The manifest's one theme colour: the header's in the light scheme (MUI's grey 100, the AppBar's
 * `default` colour), which the page's `<meta name="theme-color">` also starts from; the page then
 * follows the scheme the person chose (host/src/app/theme-color.ts). e2e/specs/installable.spec.ts
 * holds the two to the same colour.
 */
const THEME_COLOR = '#f5f5f5';
/** The light scheme's page, behind the splash screen of an installed app while it starts. */
const BACKGROUND_COLOR = '#ffffff';

/**
 * The web app manifest (/manifest.webmanifest). Its `id` is fixed: an installed app stays the same
 * app whatever its name or start address become. `start_url` is `/`: the landing page's Get
 * Started takes a signed-in person to their role's home. In English, as the browser shows it
 * where it installs (the manifest is fetched without the person's cookies).
 */
export function webManifest(icons: AppIcon[]) {
  return {
    id: '/',
    name: 'Digital Wallet',
    short_name: 'Wallet',
    description: 'Send money, pay shops and cash out through agents with your Digital Wallet.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // The notifications' badge is not an app icon (icons.ts).
    icons: icons.flatMap(({ url, size, purpose }) =>
      purpose === 'badge' ? [] : [{ src: url, sizes: `${size}x${size}`, type: 'image/png', purpose }],
    ),
  };
}
