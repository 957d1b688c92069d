import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-account';
import { verifyEmailOf } from './mail';
import { newPerson } from './site';

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
  /** This person's own API session, apart from the browser's. */
  api: APIRequestContext;
}

/**
 * Registers a person through the real API, verifies their email through the link mailed to them
 * (as every seeded person was before verification existed), and signs them in on a session of their own.
 */
export async function registerAccount(): Promise<Account> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const person = newPerson();
  const registered = await api.post('/api/v1/user/register', { data: person });
  expect(registered.status()).toBe(201);
  await verifyEmailOf(api, person.email);
  expect(
    (await api.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(200);
  return { ...person, id: (await registered.json()).data._id, api };
}

/** Signs the browser in as the admin; `page.request` then speaks for the admin too. */
export async function signInAsAdmin(page: Page) {
  expect((await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
}

export async function signInAs(page: Page, account: Pick<Account, 'email' | 'password'>) {
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
}

/** GET through a session and return the envelope's body. */
export async function apiGet(api: APIRequestContext, path: string) {
  const response = await api.get(`/api/v1${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return response.json();
}

/** A browser window of its own, signed in as `account` (the admin without one). */
export async function windowOf(browser: Browser, account?: Pick<Account, 'email' | 'password'>) {
  const page = await (await browser.newContext()).newPage();
  if (account) await signInAs(page, account);
  else await signInAsAdmin(page);
  return page;
}

let keys = 0;
/** A money POST through a person's own API session, as another device of theirs would send it. */
export async function moveMoney(account: Account, path: string, body: object) {
  keys += 1;
  const response = await account.api.post(`/api/v1${path}`, {
    data: body,
    headers: { 'Idempotency-Key': `e2e-${Date.now()}-${keys}` },
  });
  expect(response.status(), `POST ${path}`).toBe(201);
}
