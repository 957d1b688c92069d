import { expect, test } from '@playwright/test';
import { registerAccount, signInAs, signInAsAdmin } from '../support/accounts';

const SEVEN_DAYS = 7 * 24 * 60 * 60;

test('the sidebar collapses to icons, and that survives a reload through the sidebar_state cookie', async ({
  page,
  context,
}) => {
  await signInAs(page, await registerAccount());
  await page.goto('/user/overview');
  const sidebar = page.locator('#dashboard-sidebar');
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Deposit')).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  const cookie = (await context.cookies()).find(({ name }) => name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(SEVEN_DAYS - 60);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(SEVEN_DAYS);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Deposit')).toHaveCount(0);

  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  expect((await context.cookies()).find(({ name }) => name === 'sidebar_state')?.value).toBe('true');
});

test('an admin sees the dashboard without a balance and without an error', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/all-user');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
  await expect(page.getByText(/Balance \$/)).toHaveCount(0);
  await expect(page.getByText('You have no wallet')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is an 18rem drawer that closes once a page is chosen', async ({ page }) => {
    await signInAs(page, await registerAccount());
    await page.goto('/user/overview');
    await expect(page.getByText('Balance $ 50.00')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(drawer.getByRole('link', { name: 'Deposit' })).toBeVisible();
    await expect.poll(async () => (await page.locator('#dashboard-sidebar').boundingBox())?.width).toBe(288);

    await drawer.getByRole('link', { name: 'Deposit' }).click();
    await expect(page).toHaveURL(/\/user\/deposit$/);
    await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  });
});
