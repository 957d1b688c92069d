import { expect, test } from '@playwright/test';
import { expectShell, liveManifestUrl } from '../support/site';

test('a blocked remote shows the fallback inside the layout, and Retry brings it back', async ({ page }) => {
  // The host enters the area by the remoteEntry.js beside the manifest its config names.
  const entry = (await liveManifestUrl(page, 'public')).replace(/mf-manifest\.json$/, 'remoteEntry.js');
  await page.route(entry, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('This area is unavailable')).toBeVisible();
  await expectShell(page);
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();

  await page.unroute(entry);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
});
