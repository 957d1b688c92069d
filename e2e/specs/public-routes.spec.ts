import { expect, test } from '@playwright/test';
import { expectShell } from '../support/site';

test.describe('public routes', () => {
  test('/ welcomes a visitor and Get Started leads to /register', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore More' })).toBeVisible();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expectShell(page);
  });

  test('/features shows the three cards', async ({ page }) => {
    await page.goto('/features');
    for (const title of ['Fast Transactions', 'Secure Wallet', 'Analytics']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expectShell(page);
  });

  test('/about shows About Us and the mission', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await expect(page.getByText(/seamless digital wallet solutions/)).toBeVisible();
    await expectShell(page);
  });

  test('/faq shows two questions', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(2);
    await expectShell(page);
  });

  test('/pricing shows Free and Pro', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByText('$0/mo')).toBeVisible();
    await expect(page.getByText('$9.99/mo')).toBeVisible();
    await expect(page.getByText('Unlimited transactions and analytics')).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expectShell(page);
  });

  test('/contact only simulates sending', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Karim');
    await page.getByLabel('Email').fill('karim@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('simulated message: nothing was sent');
    await expectShell(page);
  });

  test('/login shows the form, Google login and a link to /register', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login With Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expectShell(page);
  });

  test('/register shows the form with "Sing Up" and a link to login', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Sing Up' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expectShell(page);
  });

  test('/unauthorized says the route is not for the visitor', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    await expect(page.getByText(/This route is not for you/)).toBeVisible();
    await expectShell(page);
  });
});
