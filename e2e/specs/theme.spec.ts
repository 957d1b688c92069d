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
