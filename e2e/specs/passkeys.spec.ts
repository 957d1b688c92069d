import { expect, test } from '@playwright/test';
import { LOCAL_SITE_URL } from '../playwright.config';
import { virtualAuthenticator } from '../support/authenticator';
import { expectAccessible } from '../support/axe';
import { header, newPerson } from '../support/site';

// Passkeys need a site on a host name (browsers refuse an IP address as their relying party).
test.use({ baseURL: LOCAL_SITE_URL });

test('a person adds a passkey on Security with their password, then signs in with it and no password', async ({
  page,
}) => {
  const device = await virtualAuthenticator(page);
  const person = newPerson();
  expect((await page.request.post('/api/v1/user/register', { data: person })).status()).toBe(201);
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } })
    ).status(),
  ).toBe(200);

  await page.goto('/user/security');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  const form = passkeys.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Your password').fill(person.password);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(passkeys.getByRole('rowheader')).toHaveCount(1);
  await expectAccessible(page);
  expect(await device.credentials()).toEqual([{ rpId: 'localhost', signCount: expect.any(Number) }]);

  // Signed out, back in with the device alone: nothing typed.
  expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(200);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('User Logged In SuccessFully')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const me = await (await page.request.get('/api/v1/user/me')).json();
  expect(me.data).toMatchObject({ email: person.email, role: 'USER' });
  const listed = await (await page.request.get('/api/v1/user/passkeys')).json();
  expect(listed.data).toEqual([expect.objectContaining({ lastUsedAt: expect.any(String) })]);
});
