import { expect, test } from '@playwright/test';
import { mainNav } from '../support/site';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the links sit in a dropdown menu', async ({ page }) => {
  await page.goto('/');
  await expect(mainNav(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Home', 'Features', 'About', 'Pricing', 'Contact']);
  await menu.getByRole('menuitem', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText('$9.99/mo')).toBeVisible();
});
