import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createTestContext, ledgerState, type Person, type TestContext } from './helpers';

let t: TestContext;
let ann: Person;
let ben: Person;
let agent: Person;
before(async () => {
  t = await createTestContext();
  const admin = await t.admin();
  [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
  agent = await t.agent('Agent', admin);
});
after(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Endpoint {
  url: string;
  caller: () => Person;
  counterpart?: { field: string; id: () => string };
}

const endpoints: Endpoint[] = [
  { url: '/wallet/deposit', caller: () => ann },
  { url: '/wallet/transfer', caller: () => ann, counterpart: { field: 'receiverId', id: () => ben.id } },
  { url: '/agent/cash-out', caller: () => ann, counterpart: { field: 'agentId', id: () => agent.id } },
  { url: '/agent/cash-in', caller: () => agent, counterpart: { field: 'userId', id: () => ann.id } },
];

/** [what, body (a function of the valid counterpart body), status, message pattern] */
type Case = [string, (valid: Record<string, unknown>) => unknown, number, RegExp];

const amountCases: Case[] = [
  ['a string amount', (v) => ({ ...v, balance: '10' }), 400, /^balance must be a number$/],
  ['a numeric-looking string "NaN"', (v) => ({ ...v, balance: 'NaN' }), 400, /^balance must be a number$/],
  ['a boolean amount', (v) => ({ ...v, balance: true }), 400, /^balance must be a number$/],
  ['null as amount', (v) => ({ ...v, balance: null }), 400, /^balance must be a number$/],
  ['an object as amount', (v) => ({ ...v, balance: { value: 1 } }), 400, /^balance must be a number$/],
  ['a missing amount', ({ balance: _omit, ...rest }) => rest, 400, /^balance is required$/],
  ['zero', (v) => ({ ...v, balance: 0 }), 400, /^balance must be greater than 0$/],
  ['a negative amount', (v) => ({ ...v, balance: -5 }), 400, /^balance must be greater than 0$/],
  ['3 decimals', (v) => ({ ...v, balance: 10.005 }), 400, /^balance must have at most 2 decimal places$/],
  ['a tiny fraction', (v) => ({ ...v, balance: 1e-9 }), 400, /^balance must have at most 2 decimal places$/],
  ['more than the limit', (v) => ({ ...v, balance: 1_000_000.01 }), 400, /^balance must be at most 1000000$/],
  ['a huge amount', (v) => ({ ...v, balance: 1e300 }), 400, /^balance must be at most 1000000$/],
  ['an array body', () => [1, 2], 400, /^Request body must be a JSON object$/],
];

async function expectNothingMoved(
  action: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  message: RegExp,
) {
  const before = await ledgerState(t.db);
  const response = await action();
  expect(response.statusCode).toBe(status);
  const body = response.json() as { success: boolean; statusCode: number; message: string };
  expect(body.success).toBe(false);
  expect(body.statusCode).toBe(status);
  expect(body.message).toMatch(message);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules/);
  expect(await ledgerState(t.db)).toEqual(before);
}

for (const endpoint of endpoints) {
  describe(`POST ${endpoint.url} with bad input`, () => {
    const valid = () => ({
      ...(endpoint.counterpart ? { [endpoint.counterpart.field]: endpoint.counterpart.id() } : {}),
      balance: 1,
    });

    for (const [what, body, status, message] of amountCases) {
      it(`should refuse ${what} with ${status} and move nothing`, () =>
        expectNothingMoved(() => t.post(endpoint.url, endpoint.caller(), body(valid())), status, message));
    }

    if (endpoint.counterpart) {
      const field = endpoint.counterpart.field;
      it(`should refuse a missing ${field}`, () =>
        expectNothingMoved(
          () => t.post(endpoint.url, endpoint.caller(), { balance: 1 }),
          400,
          new RegExp(`^${field} `),
        ));
      it(`should refuse a malformed ${field}`, () =>
        expectNothingMoved(
          () => t.post(endpoint.url, endpoint.caller(), { [field]: 'abc', balance: 1 }),
          400,
          new RegExp(`^${field} must be a valid id$`),
        ));
      it(`should refuse a numeric ${field}`, () =>
        expectNothingMoved(
          () => t.post(endpoint.url, endpoint.caller(), { [field]: 42, balance: 1 }),
          400,
          new RegExp(`^${field} `),
        ));
      it(`should answer an unknown ${field} with 404`, () =>
        expectNothingMoved(
          () => t.post(endpoint.url, endpoint.caller(), { [field]: UNKNOWN, balance: 1 }),
          404,
          /not found$/,
        ));
    }

    /** A body sent as raw text, with the content type given. */
    const raw = (contentType: string, payload: string) => () =>
      t.inject({
        method: 'POST',
        url: `/api/v1${endpoint.url}`,
        cookie: endpoint.caller().cookie,
        headers: { 'content-type': contentType },
        payload,
      });

    it('should refuse invalid JSON', () =>
      expectNothingMoved(raw('application/json', '{"balance": NaN'), 400, /^Request body is not valid JSON$/));

    it('should refuse an empty body', () =>
      expectNothingMoved(
        () => t.inject({ method: 'POST', url: `/api/v1${endpoint.url}`, cookie: endpoint.caller().cookie }),
        400,
        /^Request body must be a JSON object$/,
      ));

    it('should refuse a body that is not JSON', () =>
      expectNothingMoved(raw('text/plain', 'balance=1'), 415, /^Content-Type must be application\/json$/));

    it('should refuse an oversized body with 413', () =>
      expectNothingMoved(
        () => t.post(endpoint.url, endpoint.caller(), { ...valid(), note: 'x'.repeat(64 * 1024) }),
        413,
        /^Request body is too large$/,
      ));
  });
}

describe('bad query strings and ids elsewhere', () => {
  it('should refuse a page size over 100 and a page below 1', async () => {
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=abc', 'limit=1.5']) {
      const response = await t.inject({ method: 'GET', url: `/api/v1/transaction/me?${query}`, cookie: ann.cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(page|limit) must be a whole number/);
    }
  });

  it('should refuse an unknown purpose', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/v1/user/all-user?purpose=everyone&search=ann',
      cookie: ann.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('purpose must be transfer or cashout');
  });

  it('should answer an unknown route with the error envelope', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 404,
      message: 'Route GET /api/v1/nothing-here not found',
      code: 'NOT_FOUND',
    });
  });
});
