import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verifyEmailOf } from './mail';

export const header = (page: Page) => page.getByRole('banner');
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');

let counter = 0;
export function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `E2E Person ${id}`, email: `e2e-${id}@example.com`, password: `pass-${id}-word` };
}

/** Registers (email verified) and signs in through the real API; the cookie lands in the page's browser context. */
export async function signInAsNewUser(request: APIRequestContext) {
  const person = newPerson();
  expect((await request.post('/api/v1/user/register', { data: person })).status()).toBe(201);
  await verifyEmailOf(request, person.email);
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(200);
  return person;
}

export async function expectShell(page: Page) {
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(footer(page).getByText('© 2025')).toBeVisible();
}

/** The absolute URL of an area's live manifest, as the site's runtime config gives it to the host. */
export async function liveManifestUrl(page: Page, area: 'public' | 'user' | 'agent' | 'admin') {
  const response = await page.request.get('/app-config.json');
  expect(response.status()).toBe(200);
  const config = (await response.json()) as { remotes: Record<string, string> };
  return new URL(config.remotes[area]!, response.url()).toString();
}
