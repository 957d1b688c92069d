import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-account';
import { newPerson } from './site';

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
  /** This person's own API session, apart from the browser's. */
  api: APIRequestContext;
}

/** Registers a person through the real API and signs them in on a session of their own. */
export async function registerAccount(): Promise<Account> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const person = newPerson();
  const registered = await api.post('/api/v1/user/register', { data: person });
  expect(registered.status()).toBe(201);
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
