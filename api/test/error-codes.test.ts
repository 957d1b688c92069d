import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { ERROR_TABLES } from '@wallet/shared/contracts';
import { createTestContext, type Person, type TestContext } from './helpers';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const patch = (url: string, person: Person = admin) =>
  t.inject({ method: 'PATCH', url: `/api/v1/admin${url}`, cookie: person.cookie });
/** What a screen reads of a refusal: its status, code and message (and its figures, if any). */
const refusal = (response: { statusCode: number; json: () => Record<string, unknown> }) => {
  const { code, message, params } = response.json();
  return [response.statusCode, code, message, ...(params ? [params] : [])];
};

describe('error codes', () => {
  it('should name every code of the tables once, with one status and one message', () => {
    const seen = new Map<string, { status: number; message: string }>();
    for (const table of Object.values(ERROR_TABLES)) {
      for (const [code, { status, message }] of Object.entries(
        table as Record<string, { status: number; message: string }>,
      )) {
        expect(code).toMatch(/^[A-Z][A-Z_]*$/);
        expect(seen.get(code) ?? { status, message }).toEqual({ status, message });
        seen.set(code, { status, message });
      }
    }
  });

  it("should give an admin's refused actions on people and wallets their own codes, with the same messages", async () => {
    const ann = await t.user('Ann Codes');
    const agent = await t.agent('Agent Codes', admin);
    expect(refusal(await patch(`/approve/${agent.id}`))).toEqual([
      409,
      'NOT_A_USER',
      'Only a user can be approved as an agent',
    ]);
    expect(refusal(await patch(`/suspend/${ann.id}`))).toEqual([
      409,
      'AGENT_NOT_ACTIVE',
      'Only an active agent can be suspended',
    ]);
    expect(refusal(await patch(`/reactivate/${agent.id}`))).toEqual([
      409,
      'AGENT_NOT_SUSPENDED',
      'Only a suspended agent can be reactivated',
    ]);
    expect(refusal(await patch(`/verify/${ann.id}`))).toEqual([
      409,
      'EMAIL_ALREADY_VERIFIED',
      'This email is already verified',
    ]);
    expect(refusal(await patch(`/suspend/${UNKNOWN}`))).toEqual([404, 'USER_NOT_FOUND', 'User not found']);
    expect(refusal(await patch(`/unblock/${ann.walletId}`))).toEqual([
      409,
      'WALLET_NOT_BLOCKED',
      'Wallet is not blocked',
    ]);
    await patch(`/block/${ann.walletId}`);
    expect(refusal(await patch(`/block/${ann.walletId}`))).toEqual([
      409,
      'WALLET_ALREADY_BLOCKED',
      'Wallet is already blocked',
    ]);
    expect(refusal(await patch(`/block/${UNKNOWN}`))).toEqual([404, 'WALLET_NOT_FOUND', 'Wallet not found']);
    expect(refusal(await patch(`/pin-unlock/${UNKNOWN}`))).toEqual([404, 'USER_NOT_FOUND', 'User not found']);
    const decision = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/kyc/${UNKNOWN}`,
      cookie: admin.cookie,
      payload: { decision: 'approve', reason: 'Checked', checked: ['national_id'] },
    });
    expect(refusal(decision)).toEqual([404, 'KYC_NOT_FOUND', 'Request not found']);
  });

  it("should give the caller's own refusals their codes: no wallet, a page too far, a wrong sign-in", async () => {
    const own = await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: admin.cookie });
    expect(refusal(own)).toEqual([404, 'NO_WALLET', 'You have no wallet']);
    const ann = await t.user('Ann Far');
    const far = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?page=3000&limit=5', cookie: ann.cookie });
    expect(refusal(far)).toEqual([
      400,
      'PAGE_TOO_FAR',
      'This page is too far to open directly: go there with Next from the page before',
    ]);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ann.email, password: 'not the password' },
    });
    expect(refusal(wrong)).toEqual([401, 'WRONG_CREDENTIALS', 'Invalid email or password']);
  });

  it("should keep the contracts' validation messages in English, as they always were", async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name: '', email: 'not an email', password: 'short' },
    });
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      errors: [
        { path: 'name', message: 'name is required' },
        { path: 'email', message: 'Invalid email address' },
        { path: 'password', message: 'password must be at least 8 characters' },
      ],
    });
  });
});
