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
] as const;

export interface AppIcon {
  /** The address the site serves it at, named by its content's hash (cached a year). */
  url: string;
  size: number;
  purpose: 'any' | 'maskable';
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
