import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../paths';

/** The installed app's icons: PNGs drawn once from the brand (scripts/make-icons.mjs), committed beside this file. */
const ICONS_FOLDER = path.join(API_ROOT, 'src', 'site', 'installable', 'icons');
const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  // A push notification's badge: the glyph alone, white on nothing (the system keeps its shape).
  // Not in the manifest: as a `monochrome` icon there, Android would make it a themed launcher
  // icon, which needs a maskable icon's margins.
  { file: 'badge-96.png', size: 96, purpose: 'badge' },
] as const;

export interface AppIcon {
  /** The address the site serves it at, named by its content's hash (cached a year). */
  url: string;
  size: number;
  /** The manifest's `any` and `maskable`, or the notifications' `badge`. */
  purpose: 'any' | 'maskable' | 'badge';
  body: Buffer;
}

let icons: AppIcon[] | undefined;

/** The icons, read once, each named by its content's hash. */
export function appIcons(): AppIcon[] {
  icons ??= ICONS.map(({ file, size, purpose }) => {
    const body = readFileSync(path.join(ICONS_FOLDER, file));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    return { url: `/icons/${path.basename(file, '.png')}.${hash}.png`, size, purpose, body };
  });
  return icons;
}

/** What a notification shows (worker/push.ts): the app's icon, and the badge for the status bar. */
export function notificationIcons() {
  const icons = appIcons();
  const icon = icons.find(({ purpose, size }) => purpose === 'any' && size === 192)!;
  const badge = icons.find(({ purpose }) => purpose === 'badge')!;
  return { icon: icon.url, badge: badge.url };
}
