import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { layoutShift } from '../support/layout-shift';
import { changedCopy, releases, versionOf } from '../support/releases';
import { liveManifestUrl, mainNav, signInAsNewUser } from '../support/site';
import { BASE_URL } from '../playwright.config';

/** The pre-rendered copy is on the page (the app has not taken over). */
const prerendered = (page: Page) => page.locator('#wallet-prerendered');

test.describe('with JavaScript off, the public pages arrive rendered', () => {
  test.use({ javaScriptEnabled: false });

  test('/, /features and /about show their headings and text, with the header and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Digital Wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('© 2025')).toBeVisible();

    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
    await expect(page.getByText('Fast Transactions')).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByText(/Our mission is to provide seamless digital wallet solutions/)).toBeVisible();
  });

  test('a link is a plain navigation: Explore More opens /features rendered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore More' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  });

  test('a rendered form does not submit itself: the fields stay out of the address', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Login', exact: true }).click({ force: true });
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a Bangla visitor gets the page in Bangla', async ({ page, context }) => {
    await context.addCookies([{ name: 'wallet_lang', value: 'bn', url: BASE_URL }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Welcome to Digital Wallet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\p{Script=Bengali}/u);
  });
});

test('the rendered page passes axe before any script file has arrived', async ({ page }) => {
  // Held, never answered: the page stays the rendered copy (axe itself is injected, not fetched).
  await page.route(/\.js(\?|$)/, () => undefined);
  for (const path of ['/', '/login']) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(prerendered(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
});

test('with JavaScript, the app takes the page over in place: one heading, nothing moved, Get Started and the theme menu work', async ({
  page,
}) => {
  await page.goto('/');
  await expect(prerendered(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Digital Wallet' })).toHaveCount(1);
  // The layout shift of the load, the takeover included.
  const shift = await layoutShift(page);
  expect(shift).toBeLessThanOrEqual(0.05);

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: 'Sing Up' })).toBeVisible();
});

test('a new public release changes the rendered page on the next load, with no restart, and a rollback brings the old one back', async ({
  page,
  browser,
}) => {
  const live = versionOf(await liveManifestUrl(page, 'public'));
  const version = `e2e-${Date.now()}`;
  changedCopy('public', live, version, 'Welcome to Digital Wallet', 'Welcome to Digital Wallet, renewed');
  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const heading = noScript.getByRole('heading', { level: 1 });
  await noScript.goto('/');
  await expect(heading).toHaveText('Welcome to Digital Wallet');

  await releases(page.request, 'POST', '', { area: 'public', version });
  try {
    await noScript.goto('/');
    await expect(heading).toHaveText('Welcome to Digital Wallet, renewed');
    // The app shows the same page when it takes over.
    await page.goto('/');
    await expect(prerendered(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Digital Wallet, renewed');

    await releases(page.request, 'POST', '/public/activate', { version: live });
    await noScript.goto('/');
    await expect(heading).toHaveText('Welcome to Digital Wallet');
  } finally {
    if (versionOf(await liveManifestUrl(page, 'public')) !== live) {
      await releases(page.request, 'POST', '/public/activate', { version: live });
    }
    await noScript.context().close();
  }
});

test('a signed-in person never sees Login in the rendered header; Logout and their role link appear without moving anything', async ({
  browser,
}) => {
  const signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await signInAsNewUser(page.request);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies(await signedIn.cookies());
  const copy = await noScript.newPage();
  /** Where the header's controls and the page's heading sit. */
  const layout = async (on: Page) => ({
    language: await on.getByRole('button', { name: 'বাংলা' }).boundingBox(),
    theme: await on.getByRole('button', { name: 'Toggle theme' }).boundingBox(),
    heading: await on.getByRole('heading', { level: 1 }).boundingBox(),
  });
  for (const width of [1280, 390]) {
    await copy.setViewportSize({ width, height: 800 });
    await page.setViewportSize({ width, height: 800 });
    await copy.goto('/');
    await expect(copy.getByRole('heading', { level: 1, name: 'Welcome to Digital Wallet' })).toBeVisible();
    await expect(copy.locator('[data-session-button]')).toBeHidden();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    if (width === 1280) await expect(mainNav(page).getByRole('link', { name: 'User-Dashboard' })).toBeVisible();
    expect(await layout(page)).toEqual(await layout(copy));
  }
  await noScript.close();
  await signedIn.close();
});
