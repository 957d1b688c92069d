import { expect, test } from '@playwright/test';
import { header, mainNav, newPerson } from '../support/site';

test('register, get the bonus, log in, see Logout and the role link, log out', async ({ page }) => {
  const person = newPerson();
  await page.goto('/register');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sing Up' }).click();
  const bonusToast = page
    .getByRole('alert')
    .filter({ hasText: 'User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet' });
  await expect(bonusToast).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Spec §9: toasts are 356 px wide, at the top right.
  await expect.poll(async () => (await bonusToast.boundingBox())?.width).toBe(356);
  const box = (await bonusToast.boundingBox())!;
  expect(box.y).toBeLessThan(100);
  expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width - 100);

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('User Logged In SuccessFully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'User-Dashboard' })).toHaveAttribute('href', '/user/overview');

  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'User-Dashboard' })).toHaveCount(0);
  await page.reload();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a taken email gets "User Already Exist" and a wrong password the server\'s message', async ({ page }) => {
  const person = newPerson();
  expect((await page.request.post('/api/v1/user/register', { data: person })).status()).toBe(201);
  await page.goto('/register');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sing Up' }).click();
  await expect(page.getByText('User Already Exist')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('User Logged In SuccessFully')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('Login With Google goes to the API and, with Google not configured, comes back with an explanation', async ({
  page,
}) => {
  await page.goto('/login');
  const started = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/auth/google');
  await page.getByRole('button', { name: 'Login With Google' }).click();
  await started;
  await expect(page.getByText('Google login is not available')).toBeVisible();
  // The reason leaves the address once shown, so a reload does not repeat it.
  await expect(page).toHaveURL(/\/login$/);
});
