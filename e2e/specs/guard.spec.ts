import { expect, test } from '@playwright/test';
import { signInAsNewUser } from '../support/site';

test('a visitor is sent from /user/overview to /login', async ({ page }) => {
  await page.goto('/user/overview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('a USER is sent from /admin/all-user to /unauthorized', async ({ page }) => {
  await signInAsNewUser(page.request);
  await page.goto('/admin/all-user');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
});
