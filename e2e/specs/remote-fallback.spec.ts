import { expect, test } from '@playwright/test';
import { expectShell } from '../support/site';

test('a blocked remote shows the fallback inside the layout, and Retry brings it back', async ({ page }) => {
  await page.route('**/remotes/public/mf-manifest.json', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('This area is unavailable')).toBeVisible();
  await expectShell(page);
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();

  await page.unroute('**/remotes/public/mf-manifest.json');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
});
