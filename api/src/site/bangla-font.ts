import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Bengali webfont the site ships (Noto Sans Bengali, from @fontsource/noto-sans-bengali): its
 * Bengali-range faces alone, 400, 500 and 700, never its Latin ones, declared only on Bangla pages
 * (docs/decisions/languages.md, "A Bengali font of our own").
 *
 * - The server writes the faces into a Bangla page's head, with a preload of the 400 file alone
 *   (withFirstView); 500 and 700 are fetched when first used.
 * - A page switched to Bangla in the browser adds them from BANGLA_FONT_STYLESHEET (the host's
 *   Bangla catalog chunk does: host/src/bangla.ts names the same address).
 * - The files are served under content-hashed names, cached for a year.
 *
 * The faces take the family the theme's stack names first (MUI's "Roboto", "Helvetica", "Arial",
 * sans-serif), so no English byte of the apps changes. A face of a family hides the device's font of
 * that name, so a Latin face from the device's own Roboto (`local()`) is declared before them:
 * Latin text on a Bangla page is drawn as on an English one.
 *
 * While a face is on its way (`font-display: swap`), Bangla is drawn from the stack's next family.
 * In "Arial", the device's own Bengali font stands in (Windows', Apple's, Android's, Linux's), with
 * the shipped font's vertical metrics (FALLBACK_METRICS), so lines keep their height when the shipped
 * face swaps in; the device's Arial stays Latin's there, as in Roboto.
 */

/** What the browser fetches when a page switches to Bangla (host/src/bangla.ts names it too). */
export const BANGLA_FONT_STYLESHEET = '/fonts/bangla.css';
const FONTS_PATH = '/fonts';

const WEIGHTS = [400, 500, 700] as const;
/** The 400 face: the one a Bangla page preloads (the body text's). */
const PRELOADED_WEIGHT = 400;

/**
 * The package's Bengali subset range (its bengali-*.css), plus the space and the no-break space
 * the subset holds: a Bangla sentence is drawn from one font, its spaces included.
 */
const BENGALI_RANGE =
  'U+0020,U+00A0,U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1';

/** The device's Roboto by the names its faces go by (full name, then PostScript name). */
const LOCAL_ROBOTO: Record<(typeof WEIGHTS)[number], string[]> = {
  400: ['Roboto', 'Roboto Regular', 'Roboto-Regular'],
  500: ['Roboto Medium', 'Roboto-Medium'],
  700: ['Roboto Bold', 'Roboto-Bold'],
};

/** The device's Arial by its faces' names. */
const LOCAL_ARIAL: Record<400 | 700, string[]> = {
  400: ['Arial', 'ArialMT'],
  700: ['Arial Bold', 'Arial-BoldMT'],
};

/** Bengali fonts devices carry: Android's and Linux's, Windows', Apple's. */
const DEVICE_BENGALI = [
  'Noto Sans Bengali',
  'NotoSansBengali-Regular',
  'Lohit Bengali',
  'Nirmala UI',
  'Vrinda',
  'Kohinoor Bangla',
  'Bangla Sangam MN',
  'Bangla MN',
];

/**
 * The shipped font's vertical metrics, in percent of its em (its hhea ascender 917, descender 408
 * and line gap 0 of 1000 units; a test reads them from the file): the stand-in's lines are as tall.
 */
export const FALLBACK_METRICS = { ascent: 91.7, descent: 40.8, lineGap: 0 };

export interface FontFile {
  weight: number;
  /** The address the site serves it at (content-hashed). */
  url: string;
  body: Buffer;
}

function fontFolder() {
  return path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
}

let files: FontFile[] | undefined;

/** The three files, read once, each named by its content's hash. */
export function banglaFontFiles(): FontFile[] {
  files ??= WEIGHTS.map((weight) => {
    const body = readFileSync(path.join(fontFolder(), `noto-sans-bengali-bengali-${weight}-normal.woff2`));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    return { weight, url: `${FONTS_PATH}/noto-sans-bengali-${weight}.${hash}.woff2`, body };
  });
  return files;
}

let css: string | undefined;

const localSources = (names: string[]) => names.map((name) => `local("${name}")`).join(',');

/**
 * The faces, as one stylesheet: the device's Latin Roboto first, then the shipped Bengali faces
 * (declared later, so they win for their range); then Arial's, the device's Bengali font standing in.
 */
export function banglaFontCss(): string {
  const { ascent, descent, lineGap } = FALLBACK_METRICS;
  css ??= [
    ...WEIGHTS.map(
      (weight) =>
        `@font-face{font-family:Roboto;font-style:normal;font-weight:${weight};src:${localSources(LOCAL_ROBOTO[weight])}}`,
    ),
    ...banglaFontFiles().map(
      ({ weight, url }) =>
        `@font-face{font-family:Roboto;font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(${url}) format("woff2");unicode-range:${BENGALI_RANGE}}`,
    ),
    ...([400, 700] as const).map(
      (weight) =>
        `@font-face{font-family:Arial;font-style:normal;font-weight:${weight};src:${localSources(LOCAL_ARIAL[weight])}}`,
    ),
    `@font-face{font-family:Arial;font-style:normal;src:${localSources(DEVICE_BENGALI)};unicode-range:${BENGALI_RANGE};` +
      `ascent-override:${ascent}%;descent-override:${descent}%;line-gap-override:${lineGap}%;size-adjust:100%}`,
  ].join('\n');
  return css;
}

let head: string | undefined;

/** What a Bangla page's head gains (made once): the 400 file's preload and the faces, with the id the host's chunk looks for. */
export function banglaFontHead(): string {
  const preloaded = banglaFontFiles().find(({ weight }) => weight === PRELOADED_WEIGHT)!;
  head ??=
    `<link rel="preload" as="font" type="font/woff2" href="${preloaded.url}" crossorigin>` +
    `<style id="wallet-bangla-font">${banglaFontCss()}</style>`;
  return head;
}
