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

/** The wallet PIN every person registerAccount() makes confirms their money with (5 digits, not a run). */
export const E2E_PIN = '24680';
/** The header a money POST taking money out of a wallet carries its PIN in. */
const PIN_HEADER = 'X-Wallet-Pin';
/** The header of a money POST that takes money out of a wallet, sent by a person registerAccount() made. */
export const WITH_PIN = { [PIN_HEADER]: E2E_PIN };
/** The movements that take money out of a wallet, and so need the PIN (a deposit does not). */
const PIN_PATHS = ['/wallet/transfer', '/wallet/pay', '/agent/cash-out', '/agent/cash-in'];

/** The admin's own API session, signed in once per worker: it approves the people registerAccount() makes. */
let adminApi: Promise<APIRequestContext> | undefined;
function adminSession(): Promise<APIRequestContext> {
  adminApi ??= (async () => {
    const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await api.post('/api/v1/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    return api;
  })();
  return adminApi;
}

/**
 * The person asks for an identity review and the admin approves it, through the API: their tier
 * becomes KYC_APPROVED and their registration bonus is let out of its hold.
 */
async function approveIdentityOf(api: APIRequestContext) {
  const asked = await api.post('/api/v1/user/kyc-request');
  expect(asked.status(), 'POST /user/kyc-request').toBe(201);
  const approve = async () =>
    (await adminSession()).patch(`/api/v1/admin/kyc/${(await asked.json()).data._id}`, {
      data: {
        decision: 'approve',
        reason: 'National ID card seen and matched',
        checked: ['national_id', 'face_match'],
      },
    });
  let decided = await approve();
  if (decided.status() === 401) {
    // A spec signed the admin out everywhere meanwhile: once more, signed in anew.
    adminApi = undefined;
    decided = await approve();
  }
  expect(decided.status(), 'PATCH /admin/kyc/:id').toBe(200);
}

/**
 * Registers a person through the real API, verifies their email through the link mailed to them
 * (as every seeded person was before verification existed), signs them in on a session of their
 * own, has their identity approved by the admin (`{ kyc: false }`: their bonus stays held) and sets
 * their wallet PIN to E2E_PIN with their password (`{ pin: false }`: no PIN yet).
 */
export async function registerAccount({
  pin = true,
  kyc = true,
}: { pin?: boolean; kyc?: boolean } = {}): Promise<Account> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const person = newPerson();
  const registered = await api.post('/api/v1/user/register', { data: person });
  expect(registered.status()).toBe(201);
  await verifyEmailOf(api, person.email);
  expect(
    (await api.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(200);
  if (kyc) await approveIdentityOf(api);
  if (pin) {
    const set = await api.put('/api/v1/user/pin', { data: { pin: E2E_PIN, password: person.password } });
    expect(set.status(), 'PUT /user/pin').toBe(200);
  }
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
/**
 * A money POST through a person's own API session, as another device of theirs would send it:
 * with E2E_PIN when it takes money out of the wallet.
 */
export async function moveMoney(account: Account, path: string, body: object) {
  keys += 1;
  const response = await account.api.post(`/api/v1${path}`, {
    data: body,
    headers: {
      'Idempotency-Key': `e2e-${Date.now()}-${keys}`,
      ...(PIN_PATHS.includes(path) ? WITH_PIN : {}),
    },
  });
  expect(response.status(), `POST ${path}`).toBe(201);
}

/** A user the admin approved as a merchant, through the real API, with its shop's name. */
export async function approvedMerchant(name = 'Karim Tea'): Promise<Account & { business: string }> {
  const person = await registerAccount();
  // Unique on the site's shared queue, and within the QR's 25 characters.
  const business = `${name} ${Date.now() % 100_000}`;
  const applied = await person.api.post('/api/v1/user/merchant-application', {
    data: { businessName: business, businessNameBn: 'করিম চা', category: '5812', city: 'Sylhet', cityBn: 'সিলেট' },
  });
  expect(applied.status(), 'POST /user/merchant-application').toBe(201);
  const decided = await (
    await adminSession()
  ).patch(`/api/v1/admin/merchant-applications/${(await applied.json()).data._id}`, {
    data: { decision: 'approve', reason: 'Trade licence seen' },
  });
  expect(decided.status(), 'PATCH /admin/merchant-applications/:id').toBe(200);
  return { ...person, business };
}
