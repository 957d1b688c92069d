import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, expectLedgerConsistent, type Person, type TestContext } from './helpers';

/*
 * Request money (issue 46): a user asks another (POST /requests), within rules kept as data; the
 * payer pays it with a transfer naming it (at most once), declines it (and may block the
 * requester), or the requester cancels it; an open one expires after 7 days. It never pulls money.
 */

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const ask = (person: Person, payload: object) => t.post('/requests', person, payload);

interface Listed {
  _id: string;
  requester: { _id: string; name: string };
  payer: { _id: string | null; name: string };
  amount: number;
  note: string | null;
  status: string;
  transactionId: string | null;
}

async function listed(person: Person, direction: 'incoming' | 'outgoing') {
  const response = await t.inject({
    method: 'GET',
    url: `/api/v1/requests?direction=${direction}`,
    cookie: person.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Listed[];
}

const pay = (payer: Person, requester: Person, balance: number, requestId: string) =>
  t.post('/wallet/transfer', payer, { receiverId: requester.id, balance, requestId });

async function told(person: Person) {
  const response = await t.inject({ method: 'GET', url: '/api/v1/notifications?limit=3', cookie: person.cookie });
  return (
    response.json().data as {
      kind: string;
      amount: number | null;
      counterpart: string | null;
      requestId: string | null;
    }[]
  ).map(({ kind, amount, counterpart, requestId }) => ({ kind, amount, counterpart, requestId }));
}

describe('asking', () => {
  it('should deliver a request to the person chosen, tell them, and show both sides', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const response = await ask(ann, { payerId: ben.id, amount: 500, note: 'Dinner on Friday' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ success: true, message: 'Request sent', data: null });

    const [incoming] = await listed(ben, 'incoming');
    expect(incoming).toMatchObject({
      requester: { _id: ann.id, name: 'Ann' },
      payer: { _id: ben.id, name: 'Ben' },
      amount: 500,
      note: 'Dinner on Friday',
      status: 'open',
      transactionId: null,
    });
    expect((await listed(ann, 'outgoing'))[0]).toMatchObject({
      _id: incoming!._id,
      payer: { _id: ben.id, name: 'Ben' },
    });
    expect(await listed(ann, 'incoming')).toEqual([]);
    expect((await told(ben))[0]).toEqual({
      kind: 'request_received',
      amount: 500,
      counterpart: 'Ann',
      requestId: incoming!._id,
    });
  });

  it('should answer the same whether or not anyone has the email asked, and show the requester only what they typed', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const unverified = await t.user('Una', { verified: false });
    for (const email of [`nobody-${randomUUID()}@example.com`, ben.email.toUpperCase(), unverified.email]) {
      const response = await ask(ann, { payerEmail: email, amount: 100 });
      expect({ email, status: response.statusCode, body: response.json() }).toEqual({
        email,
        status: 202,
        body: { success: true, statusCode: 202, message: 'Request sent', data: null },
      });
    }
    const outgoing = await listed(ann, 'outgoing');
    expect(outgoing.map((request) => request.payer)).toEqual([
      { _id: null, name: unverified.email },
      { _id: null, name: ben.email },
      { _id: null, name: expect.stringMatching(/^nobody-/) },
    ]);
    // Only the verified user with that email is asked, and told.
    expect((await listed(ben, 'incoming')).map((request) => request.requester.name)).toEqual(['Ann']);
    expect((await told(ben))[0]?.kind).toBe('request_received');
    expect(await listed(unverified, 'incoming')).toEqual([]);
  });

  it('should keep to the rules, which are data: Tk 100 to 2,500, 10 a day, counted one after the other', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await ask(ann, { payerId: ben.id, amount: 99.99 })).json()).toMatchObject({
      statusCode: 400,
      code: 'REQUEST_AMOUNT_OUT_OF_RANGE',
      message: 'A request can be for 100 to 2500 Taka',
      params: { min: 100, max: 2500 },
    });
    expect((await ask(ann, { payerId: ben.id, amount: 2500.01 })).json().code).toBe('REQUEST_AMOUNT_OUT_OF_RANGE');

    const burst = await Promise.all(Array.from({ length: 12 }, () => ask(ann, { payerId: ben.id, amount: 100 })));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([...Array(10).fill(202), 429, 429]);
    expect(burst.find((response) => response.statusCode === 429)!.json()).toMatchObject({
      code: 'REQUEST_DAILY_LIMIT',
      message: 'You can send 10 requests a day: try again tomorrow',
    });
    expect(await rows(sql`select 1 from money_requests where requester_id = ${ann.id}`)).toHaveLength(10);

    await t.db.execute(sql`update request_rules set per_day = 11, max_amount = 300000`);
    try {
      expect((await ask(ann, { payerId: ben.id, amount: 3000 })).statusCode).toBe(202);
      expect((await ask(ann, { payerId: ben.id, amount: 100 })).statusCode).toBe(429);
    } finally {
      await t.db.execute(sql`update request_rules set per_day = 10, max_amount = 250000`);
    }
  });

  it('should refuse what cannot be asked, with a clear message, writing nothing', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const agent = await t.agent('Agent');
    const unverified = await t.user('Una', { verified: false });
    const cases: [Person, object, number, string][] = [
      [ann, { payerId: ann.id, amount: 100 }, 400, 'REQUEST_SELF'],
      [ann, { payerEmail: ann.email, amount: 100 }, 400, 'REQUEST_SELF'],
      [ann, { payerId: agent.id, amount: 100 }, 400, 'REQUEST_PAYER_NOT_USER'],
      [ann, { payerId: randomUUID(), amount: 100 }, 404, 'PAYER_NOT_FOUND'],
      [unverified, { payerId: ben.id, amount: 100 }, 403, 'REQUESTER_UNVERIFIED'],
      [agent, { payerId: ben.id, amount: 100 }, 403, 'ROLE_NOT_ALLOWED'],
      [ann, { payerId: ben.id, amount: 100, note: 'pay at\u0007once' }, 400, 'VALIDATION_FAILED'],
      [ann, { payerId: ben.id, amount: 100, note: 'see www.example.com' }, 400, 'VALIDATION_FAILED'],
      [ann, { payerId: ben.id, amount: 100, note: 'x'.repeat(101) }, 400, 'VALIDATION_FAILED'],
      [ann, { payerId: ben.id, payerEmail: ben.email, amount: 100 }, 400, 'VALIDATION_FAILED'],
      [ann, { payerId: ben.id, amount: 100.001 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [person, payload, status, code] of cases) {
      const response = await ask(person, payload);
      expect({ payload, status: response.statusCode, code: response.json().code }).toEqual({ payload, status, code });
    }
    expect(await rows(sql`select 1 from money_requests where payer_id = ${ben.id}`)).toEqual([]);
  });
});

describe('paying, declining, cancelling', () => {
  it('should pay a request once, with a transfer naming it, and tell the requester it was paid', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await t.post('/wallet/deposit', ben, { balance: 1_000 })).statusCode).toBe(201);
    await ask(ann, { payerId: ben.id, amount: 300, note: 'Rent share' });
    const [request] = await listed(ben, 'incoming');

    expect((await pay(ben, ann, 299, request!._id)).json().code).toBe('REQUEST_MISMATCH');
    const cara = await t.user('Cara');
    expect((await pay(ben, cara, 300, request!._id)).json().code).toBe('REQUEST_MISMATCH');
    expect((await pay(cara, ann, 300, request!._id)).json().code).toBe('REQUEST_NOT_FOUND');

    const [annBefore, benBefore] = [await t.balance(ann), await t.balance(ben)];
    const paid = await pay(ben, ann, 300, request!._id);
    expect(paid.statusCode).toBe(201);
    const transferId = paid.json().data.transaction._id as string;
    expect((await listed(ann, 'outgoing'))[0]).toMatchObject({ status: 'paid', transactionId: transferId });
    expect((await told(ann))[0]).toEqual({
      kind: 'request_paid',
      amount: 300,
      counterpart: 'Ben',
      requestId: request!._id,
    });
    expect((await told(ben))[0]).toEqual({
      kind: 'money_sent',
      amount: 300,
      counterpart: 'Ann',
      requestId: request!._id,
    });

    expect((await pay(ben, ann, 300, request!._id)).json()).toMatchObject({
      statusCode: 409,
      code: 'REQUEST_NOT_OPEN',
      message: 'This request is no longer open',
    });
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([annBefore + 300, benBefore - 300]);
    await expectLedgerConsistent(t.db);
  });

  it('should let exactly one of 10 payments of one request at once succeed', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await t.post('/wallet/deposit', ben, { balance: 2_000 })).statusCode).toBe(201);
    await ask(ann, { payerId: ben.id, amount: 150 });
    const [request] = await listed(ben, 'incoming');
    const before = await t.balance(ann);
    const attempts = await Promise.all(Array.from({ length: 10 }, () => pay(ben, ann, 150, request!._id)));
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(
      new Set(attempts.filter((response) => response.statusCode === 409).map((response) => response.json().code)),
    ).toEqual(new Set(['REQUEST_NOT_OPEN']));
    expect(await t.balance(ann)).toBe(before + 150);
    expect(
      await rows(sql`select 1 from transactions where sender_user_id = ${ben.id} and receiver_user_id = ${ann.id}`),
    ).toHaveLength(1);
    await expectLedgerConsistent(t.db);
  });

  it('should expire an open request after its days, for paying and declining alike', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await t.post('/wallet/deposit', ben, { balance: 500 })).statusCode).toBe(201);
    await ask(ann, { payerId: ben.id, amount: 100 });
    const [request] = await listed(ben, 'incoming');
    const [expiry] = await rows<{ days: number }>(
      sql`select extract(day from expires_at - created_at)::int as days from money_requests where id = ${request!._id}`,
    );
    expect(expiry!.days).toBe(7);
    await t.db.execute(
      sql`update money_requests set created_at = created_at - interval '7 days', expires_at = expires_at - interval '7 days' where id = ${request!._id}`,
    );
    expect((await listed(ann, 'outgoing'))[0]!.status).toBe('expired');
    expect((await pay(ben, ann, 100, request!._id)).json().code).toBe('REQUEST_NOT_OPEN');
    expect((await t.post(`/requests/${request!._id}/decline`, ben, {})).json().code).toBe('REQUEST_NOT_OPEN');
  });

  it('should let the payer decline and block, the requester be told, and a blocked requester reach nobody', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await ask(ann, { payerId: ben.id, amount: 200 });
    const [request] = await listed(ben, 'incoming');
    expect((await t.post(`/requests/${request!._id}/decline`, ann, {})).json().code).toBe('REQUEST_NOT_FOUND');
    expect((await t.post(`/requests/${request!._id}/decline`, ben, { block: 'yes' })).statusCode).toBe(400);
    const declined = await t.post(`/requests/${request!._id}/decline`, ben, { block: true });
    expect(declined.json()).toMatchObject({ statusCode: 200, message: 'Request declined' });
    expect((await listed(ann, 'outgoing'))[0]!.status).toBe('declined');
    expect((await told(ann))[0]).toEqual({
      kind: 'request_declined',
      amount: 200,
      counterpart: 'Ben',
      requestId: request!._id,
    });

    // Blocked: asked again, answered the same, and Ben neither sees nor is told of it.
    const unreadBefore = (await t.inject({ method: 'GET', url: '/api/v1/notifications', cookie: ben.cookie })).json()
      .meta.unread;
    expect((await ask(ann, { payerId: ben.id, amount: 100 })).statusCode).toBe(202);
    expect((await listed(ann, 'outgoing'))[0]).toMatchObject({ status: 'open', payer: { _id: ben.id, name: 'Ben' } });
    expect(await listed(ben, 'incoming')).toHaveLength(1);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/notifications', cookie: ben.cookie })).json().meta.unread,
    ).toBe(unreadBefore);
    const hidden = (await listed(ann, 'outgoing'))[0]!._id;
    expect((await pay(ben, ann, 100, hidden)).json().code).toBe('REQUEST_NOT_FOUND');

    const blocks = await t.inject({ method: 'GET', url: '/api/v1/requests/blocks', cookie: ben.cookie });
    expect(blocks.json().data).toEqual([{ _id: ann.id, name: 'Ann', blockedAt: expect.any(String) }]);
    const unblocked = await t.inject({
      method: 'DELETE',
      url: `/api/v1/requests/blocks/${ann.id}`,
      cookie: ben.cookie,
    });
    expect(unblocked.statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/v1/requests/blocks/${ann.id}`, cookie: ben.cookie })).json().code,
    ).toBe('BLOCK_NOT_FOUND');
    expect((await ask(ann, { payerId: ben.id, amount: 100 })).statusCode).toBe(202);
    expect(await listed(ben, 'incoming')).toHaveLength(2);
  });

  it('should let the requester cancel an open request, and no one else', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await t.post('/wallet/deposit', ben, { balance: 500 })).statusCode).toBe(201);
    await ask(ann, { payerId: ben.id, amount: 100 });
    const [request] = await listed(ann, 'outgoing');
    expect((await t.post(`/requests/${request!._id}/cancel`, ben, {})).json().code).toBe('REQUEST_NOT_FOUND');
    expect((await t.post(`/requests/${request!._id}/cancel`, ann, {})).statusCode).toBe(200);
    expect((await t.post(`/requests/${request!._id}/cancel`, ann, {})).json().code).toBe('REQUEST_NOT_OPEN');
    expect((await listed(ben, 'incoming'))[0]!.status).toBe('cancelled');
    expect((await pay(ben, ann, 100, request!._id)).json().code).toBe('REQUEST_NOT_OPEN');
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/requests?direction=sideways', cookie: ann.cookie })).statusCode,
    ).toBe(400);
    const rules = await t.inject({ method: 'GET', url: '/api/v1/requests/rules', cookie: ann.cookie });
    expect(rules.json().data).toEqual({ minAmount: 100, maxAmount: 2500, perDay: 10, expiryDays: 7 });
  });
});
