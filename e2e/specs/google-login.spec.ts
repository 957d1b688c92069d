import { expect, test } from '@playwright/test';
import { LOCAL_SITE_URL } from '../playwright.config';
import { header } from '../support/site';

// The site with Sign in with Google configured against the local OpenID provider
// (support/oidc-provider.mjs): real discovery, PKCE, state, nonce and a signed ID token.
test.use({ baseURL: LOCAL_SITE_URL });

test('Login With Google signs a new person in: back on / with Logout, a wallet and the 50 Taka bonus', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login With Google' }).click();

  await expect(page).toHaveURL(`${LOCAL_SITE_URL}/`);
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'User-Dashboard' })).toBeVisible();

  const me = await (await page.request.get('/api/v1/user/me')).json();
  expect(me.data).toMatchObject({ role: 'USER', email: expect.stringMatching(/^google-.+@example\.com$/) });
  const wallet = await (await page.request.get('/api/v1/wallet/me')).json();
  expect(wallet.data.balance).toBe(50);
  const history = await (await page.request.get('/api/v1/transaction/me')).json();
  expect(history.data).toEqual([expect.objectContaining({ type: 'bonus', balance: 50 })]);
});

test('a callback that did not start in this browser goes back to /login without a session', async ({ page }) => {
  await page.goto('/api/v1/auth/google/callback?code=stolen&state=forged');
  await expect(page).toHaveURL(`${LOCAL_SITE_URL}/login`);
  await expect(page.getByText('Google login expired. Please try again.')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/v1/user/me')).status()).toBe(401);
});
