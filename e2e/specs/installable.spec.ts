import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { liveManifestUrl } from '../support/site';
import { BASE_URL } from '../playwright.config';

/**
 * The site as an installable app (api/src/site/installable/): its manifest, its service worker and
 * the page's theme colour, in a browser with a profile of its own. Chromium judges a page of a
 * context without one (Playwright's usual, incognito) as not installable whatever it serves.
 */
interface Manifest {
  id: string;
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const HEADING = 'Welcome to Digital Wallet';
const header = (page: Page) => page.getByRole('banner');

/** The one theme-color the page declares (the app leaves one, for the scheme it shows). */
async function themeColor(page: Page) {
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
  return page.locator('meta[name="theme-color"]').getAttribute('content');
}

/** The header's background as drawn, as #rrggbb. */
const headerColor = (page: Page) =>
  header(page).evaluate((element) => {
    const [r, g, b] = getComputedStyle(element).backgroundColor.match(/\d+/g)!.map(Number);
    return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
  });

async function chooseTheme(page: Page, label: 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${label.toLowerCase()}(\\s|$)`));
}

/** What a fetch from the page gets: a status, or the error of a request nothing answered. */
const fetchFromPage = (page: Page, url: string) =>
  page.evaluate(
    (address) =>
      fetch(address, { cache: 'no-store' }).then(
        (response) => `answered ${response.status}`,
        (error: Error) => `failed: ${error.name}`,
      ),
    url,
  );

let profile: string;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ playwright }, testInfo) => {
  profile = mkdtempSync(path.join(tmpdir(), 'wallet-e2e-profile-'));
  context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: BASE_URL,
    colorScheme: 'light',
  });
  page = context.pages()[0] ?? (await context.newPage());
});
test.afterAll(async () => {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('the site installs as an app: a manifest Chromium accepts, a worker that controls the page, a theme colour that follows the toggle', async () => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
  // Registered after the page's load, active, and in control of the page that registered it.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((ready) => ready.active?.state)))
    .toBe('activated');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${BASE_URL}/sw.js`);

  const cdp = await context.newCDPSession(page);
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  const { url: manifestUrl, errors } = await cdp.send('Page.getAppManifest');
  expect([manifestUrl, errors]).toEqual([`${BASE_URL}/manifest.webmanifest`, []]);

  // The manifest and the worker are the site's own, revalidated at every use.
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as Manifest;
  expect(manifest).toMatchObject({ id: '/', name: 'Digital Wallet', start_url: '/', display: 'standalone' });
  // Each icon is an image of the size it claims.
  const drawn = await page.evaluate(
    (icons) =>
      Promise.all(
        icons.map(async ({ src }) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${image.naturalWidth}x${image.naturalHeight}`;
        }),
      ),
    manifest.icons,
  );
  expect(drawn).toEqual(manifest.icons.map(({ sizes }) => sizes));
  expect(manifest.icons.map(({ sizes }) => sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  // The browser's bar takes the header's colour in the scheme chosen: the manifest's is the light one.
  await chooseTheme(page, 'Dark');
  const dark = await themeColor(page);
  expect(dark).toBe(await headerColor(page));
  await chooseTheme(page, 'Light');
  const light = await themeColor(page);
  expect(light).toBe(await headerColor(page));
  expect(light).toBe(manifest.theme_color);
  expect(dark).not.toBe(light);
  // The page arrives with the same two, one per device scheme, before any script has run.
  const sent = await (await page.request.get('/')).text();
  expect(sent).toContain(`<meta name="theme-color" content="${light}" media="(prefers-color-scheme: light)">`);
  expect(sent).toContain(`<meta name="theme-color" content="${dark}" media="(prefers-color-scheme: dark)">`);
});

test('the worker answers navigations alone: the network first, an offline page in the person’s language when it is cut, never the API or a release', async () => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const entry = new URL('remoteEntry.js', await liveManifestUrl(page, 'public')).pathname;
  const api = '/api/v1/health';
  // Online: the page came through the worker, the API and a release's file straight from the network.
  const navigation = await page.reload();
  expect(navigation!.fromServiceWorker()).toBe(true);
  for (const url of [api, entry]) {
    const [response] = await Promise.all([page.waitForResponse(url), fetchFromPage(page, url)]);
    expect(response.fromServiceWorker(), url).toBe(false);
  }

  await context.setOffline(true);
  try {
    // Offline: nothing answers them, the worker included.
    expect(await fetchFromPage(page, api)).toBe('failed: TypeError');
    expect(await fetchFromPage(page, entry)).toBe('failed: TypeError');

    // A page: the offline page, plain, with a retry that asks again for the address it stands for.
    const offline = await page.goto('/features');
    expect(offline!.status()).toBe(503);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retry' })).toHaveAttribute('href', `${BASE_URL}/features`);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // In Bangla for a person who chose it, with no Latin letter.
    await context.addCookies([{ name: 'wallet_lang', value: 'bn', url: BASE_URL }]);
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('আপনি অফলাইনে আছেন');
    expect(await page.locator('body').innerText()).not.toMatch(/[A-Za-z]/);
    expect(await page.title()).not.toMatch(/[A-Za-z]/);
    await expectAccessible(page);

    // Nor does it answer a navigation to the API: the browser's own error (in a tab of its own,
    // since Chromium's error page swaps the tab's renderer).
    const tab = await context.newPage();
    await expect(tab.goto(api)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await tab.close();

    await context.setOffline(false);
    await page.getByRole('link', { name: 'আবার চেষ্টা করুন' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/about`);
    await expect(page.getByRole('banner')).toBeVisible();
  } finally {
    await context.setOffline(false);
    await context.clearCookies({ name: 'wallet_lang' });
  }
});
