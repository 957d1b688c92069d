import { expect, test, type Page } from '@playwright/test';

const html = (page: Page) => page.locator('html');

async function choose(page: Page, label: string) {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test('the chosen theme is saved under vite-ui-theme and kept across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
  await choose(page, 'Dark');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(html(page)).not.toHaveClass(/(^|\s)light(\s|$)/);
});

test('system follows the operating system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await choose(page, 'System');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveClass(/(^|\s)light(\s|$)/);
});

/**
 * The mean lightness (0 black to 255 white) of a screenshot, read in a page of its own: a canvas
 * decodes the PNG as the browser would show it.
 */
async function lightness(page: Page, png: Buffer) {
  const reader = await page.context().newPage();
  try {
    return await reader.evaluate(
      async (source) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
        return sum / (data.length / 4);
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
  } finally {
    await reader.close();
  }
}

/** The page as it is painted while every script file is held back: only what the HTML itself carries. */
async function paintedWithoutScriptFiles(page: Page) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Held, never answered: as on a slow phone, before the first script file arrives.
  await page.route(/\.js(\?|$)/, () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.body !== null && document.getElementById('root') !== null);
  // The page as it arrived: its rendered copy, the app's root still empty (no script has run).
  await expect(
    page.locator('#wallet-prerendered').getByRole('heading', { name: 'Welcome to Digital Wallet' }),
  ).toBeVisible();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  const shot = await page.screenshot();
  // The page's own inline script ran, allowed by its hash: nothing was refused.
  expect(refused).toEqual([]);
  return {
    lightness: await lightness(page, shot),
    dark: await html(page).evaluate((e) => e.classList.contains('dark')),
  };
}

test('a dark-theme visitor never sees light: the page is dark before any script file arrives', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // Chose Dark on an earlier visit, on a device whose system theme is light.
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
  const painted = await paintedWithoutScriptFiles(page);
  expect(painted.dark).toBe(true);
  expect(painted.lightness).toBeLessThan(40);
});

test('a visitor on System whose OS is dark gets dark at once', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const painted = await paintedWithoutScriptFiles(page);
  expect(painted.dark).toBe(true);
  expect(painted.lightness).toBeLessThan(40);
});

test("a light visitor's first paint stays light", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const painted = await paintedWithoutScriptFiles(page);
  expect(painted.dark).toBe(false);
  expect(painted.lightness).toBeGreaterThan(215);
});
