#!/usr/bin/env node
// Draws the installed app's icons once, from the brand: the header's wallet glyph
// (shared/src/ui/kit/icons.tsx, WalletIcon) in white on the theme's primary colour, and the glyph
// alone in white on nothing, the monochrome badge a push notification shows in the phone's status
// bar (the system keeps only its shape, its alpha, so a filled square would show as a blot). Its PNGs are
// committed (api/src/site/installable/icons/); run it again only when the brand changes:
//
//   node scripts/make-icons.mjs
//
// Drawn by the project's test browser (Debian's Chromium, through the e2e package's Playwright):
// no image library to install, and the glyph is drawn exactly as a browser draws it on the page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireProjectNode } from '../shared/src/runtime/node.js';

requireProjectNode('The icon script');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(root, 'e2e', 'package.json'))('@playwright/test');
const { createTheme } = createRequire(path.join(root, 'shared', 'package.json'))('@mui/material/styles');

const out = path.join(root, 'api', 'src', 'site', 'installable', 'icons');
const primary = createTheme().palette.primary.main;
const glyph = /WalletIcon = \/\* @__PURE__ \*\/ icon\(\s*'([^']+)'/.exec(
  readFileSync(path.join(root, 'shared', 'src', 'ui', 'kit', 'icons.tsx'), 'utf8'),
)?.[1];
if (!glyph) throw new Error('make-icons: no WalletIcon path in shared/src/ui/kit/icons.tsx');

/**
 * The glyph (it spans x 3 to 22, y 3 to 21 of its 24-unit box) centred at `scale` on a 24-unit
 * square: rounded, with clear corners, for a plain icon; the whole square, the glyph inside the
 * safe circle (the middle 80%), for a maskable one, which the system cuts to its own shape; no
 * square at all for the badge, the glyph as large as a status bar's icons draw theirs.
 */
const svg = ({ size, maskable, badge }) => {
  const scale = badge ? 1 : maskable ? 0.5 : 0.62;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">` +
    (badge ? '' : `<rect width="24" height="24" rx="${maskable ? 0 : 5}" fill="${primary}"/>`) +
    `<path transform="translate(12 12) scale(${scale}) translate(-12.5 -12)" fill="#fff" d="${glyph}"/></svg>`
  );
};

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'badge-96.png', size: 96, badge: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg(icon)}`);
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    console.log(`${path.relative(root, path.join(out, icon.file))}: ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
