import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { layoutShift } from '../support/layout-shift';

/**
 * The Bengali webfont the site ships (api/src/site/bangla-font.ts), on this machine, which has no
 * Bengali font of its own: Bangla is drawn from the shipped file or not at all.
 */

/** A text node of Bangla alone: Bengali letters and signs, dandas and spaces. */
const BANGLA_ONLY = /^[\p{Script=Bengali}\u0964\u0965\s]+$/u;

/**
 * Each rendered Bangla-only text node of the page with the fonts Chromium drew it with
 * (CSS.getPlatformFontsForNode: the font's own family name, whether it came from the page, and
 * how many glyphs it drew).
 */
async function banglaNodeFonts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  type Node = { nodeId: number; nodeType: number; nodeValue: string; children?: Node[] };
  const texts: Node[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3 && /\p{Script=Bengali}/u.test(node.nodeValue) && BANGLA_ONLY.test(node.nodeValue)) {
      texts.push(node);
    }
    node.children?.forEach(walk);
  };
  walk(root as Node);
  const drawn = [];
  for (const node of texts) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
    // A node that is not rendered (display: none) has no fonts.
    if (fonts.length > 0) drawn.push({ text: node.nodeValue.trim(), fonts });
  }
  await cdp.detach();
  return drawn;
}

/** Each drawn node's fonts are the shipped one alone, taken from the page (no device font filled in a glyph). */
function expectShippedFontOnly(drawn: Awaited<ReturnType<typeof banglaNodeFonts>>) {
  // The heading, the header's links, the feature cards, the footer.
  expect(drawn.length).toBeGreaterThan(5);
  for (const { text, fonts } of drawn) {
    expect({ text, fonts: fonts.map((font) => font.familyName) }).toEqual({
      text,
      fonts: [expect.stringMatching(/^Noto Sans Bengali/)],
    });
    expect(fonts[0]!.isCustomFont).toBe(true);
    expect(fonts[0]!.glyphCount).toBeGreaterThan(0);
  }
}

/** Every font file the page asks for from now on. */
function fontRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Until every face the page has asked for has arrived (or failed). */
const fontsSettled = (page: Page) => page.evaluate(() => document.fonts.ready.then(() => document.fonts.status));

/**
 * Until the shipped 400 face has arrived. (Not `document.fonts.check`: the device's Latin Roboto,
 * declared with it, is not on this machine, and a face in error fails the check.)
 */
const banglaFaceLoaded = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.fonts as unknown as Iterable<FontFace>).some(
          (face) => face.weight === '400' && /U\+980\b/.test(face.unicodeRange) && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true);

test('the English first view fetches no font file and declares no Bengali face', async ({ page }) => {
  const fonts = fontRequests(page);
  const response = await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Digital Wallet');
  await page.waitForLoadState('networkidle');
  expect(await fontsSettled(page)).toBe('loaded');
  expect(fonts).toEqual([]);
  const html = await response!.text();
  expect(html).not.toContain('@font-face');
  expect(html).not.toContain('rel="preload" as="font"');
});

test('a Bangla page preloads the 400 face alone and draws every Bangla text node from the shipped font', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'wallet_lang', value: 'bn', url: BASE_URL }]);
  const fonts = fontRequests(page);
  const response = await page.goto('/');
  const html = await response!.text();
  const preloads = html.match(/<link rel="preload" as="font"[^>]*>/g) ?? [];
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(/href="\/fonts\/noto-sans-bengali-400\.[0-9a-f]{12}\.woff2"/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\p{Script=Bengali}/u);
  await banglaFaceLoaded(page);
  expect(await fontsSettled(page)).toBe('loaded');

  expectShippedFontOnly(await banglaNodeFonts(page));
  // Only the shipped Bengali files, never a Latin one.
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts)
    expect(new URL(url).pathname).toMatch(/^\/fonts\/noto-sans-bengali-(400|500|700)\.[0-9a-f]{12}\.woff2$/);
});

test('a page switched to বাংলা in the browser adds the font and draws its Bangla from it', async ({ page }) => {
  const fonts = fontRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Digital Wallet');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\p{Script=Bengali}/u);
  await expect(page.locator('link#wallet-bangla-font')).toHaveCount(1);
  await banglaFaceLoaded(page);
  expect(await fontsSettled(page)).toBe('loaded');
  expect(fonts.length).toBeGreaterThan(0);
  expectShippedFontOnly(await banglaNodeFonts(page));
});

test('the Bangla first view moves at most 0.05 when the font arrives a second late', async ({ page, context }) => {
  await context.addCookies([{ name: 'wallet_lang', value: 'bn', url: BASE_URL }]);
  let delayed = 0;
  await page.route(/\/fonts\/[^/]+\.woff2$/, async (route) => {
    delayed += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\p{Script=Bengali}/u);
  await banglaFaceLoaded(page);
  expect(await fontsSettled(page)).toBe('loaded');
  expect(delayed).toBeGreaterThan(0);
  // Every layout shift of the load, the font's swap included (none had input before it).
  const shift = await layoutShift(page, 500);
  console.log(`Bangla first view, font 1 s late: layout shift ${shift.toFixed(4)}`);
  expect(shift).toBeLessThanOrEqual(0.05);
});
