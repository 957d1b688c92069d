import { after, before, describe, it } from 'node:test';
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import {
  type LimitHolder,
  MOVEMENTS,
  REFUSAL_PRECEDENCE,
  REFUSALS,
  refusalMessage,
  type MovementType,
  type RefusalCode,
} from '@wallet/shared/contracts';
import { encodeMerchantQr, encodePayload, parseMerchantQr, WALLET_QR_GUID } from '@wallet/shared/bangla-qr';
import { hashToken } from '../src/lib/tokens';
import { fingerprint } from '../src/ledger/idempotency';
import { keyedPin } from '../src/identity/pin';
import {
  createTestContext,
  expectLedgerConsistent,
  type LimitFigures,
  outsideClient,
  type Person,
  PIN,
  savedLimits,
  setLimits,
  type TestContext,
} from './helpers';

/*
 * Each movement's refusals in the order of REFUSAL_PRECEDENCE: the walk starts from a request
 * that breaks every rule it can at once, and mends one rule a step. Each step must be refused
 * with the next code of the table, in the table's status and words, until the movement posts.
 */

let t: TestContext;
let admin: Person;
let restoreLimits: () => Promise<void>;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
  restoreLimits = await savedLimits(t.db);
});
after(() => t.close());

const onPostgres = process.env.TEST_DB === 'postgres';

interface Step {
  code: RefusalCode;
  /** A limit's figures, which the reply carries and its message words. */
  params?: Record<string, string | number>;
  send: () => Promise<{ statusCode: number; json(): unknown }>;
  /** What must hold while the request is sent (a key held by another request), undone after. */
  around?: (send: () => Promise<void>) => Promise<void>;
}

/** The movements walked: the money POSTs, and a merchant's refund of a payment. */
type Walked = MovementType | 'refund';
const roleOf = (type: Walked) => (type === 'refund' ? 'USER' : MOVEMENTS[type].role);

/** A movement's POST; a refund's body names its payment (`payment`), which goes in its path. */
function move(
  type: Walked,
  person: Pick<Person, 'cookie'> | null,
  body: object,
  key?: string,
  pin?: string | false,
  headers: Record<string, string> = {},
) {
  const { payment, ...rest } = body as { payment?: string };
  return t.inject({
    method: 'POST',
    url: type === 'refund' ? `/api/v1/merchant/payments/${payment}/refund` : `/api/v1${MOVEMENTS[type].path}`,
    cookie: person?.cookie,
    payload: type === 'refund' ? rest : body,
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...(pin ? { 'x-wallet-pin': pin } : {}), ...headers },
    ...(pin === false ? { pin: false as const } : {}),
  });
}

const block = (person: Person, blocked: boolean) =>
  t.inject({
    method: 'PATCH',
    url: `/api/v1/admin/${blocked ? 'block' : 'unblock'}/${person.walletId}`,
    cookie: admin.cookie,
  });
const setVerified = (person: Person, verified: boolean) =>
  t.db.execute(sql`update users set email_verified_at = ${verified ? sql`now()` : null} where id = ${person.id}`);
const setActive = (person: Person, active: boolean) =>
  t.inject({
    method: 'PATCH',
    url: `/api/v1/admin/${active ? 'reactivate' : 'suspend'}/${person.id}`,
    cookie: admin.cookie,
  });

/** A signed-in USER with no wallet: what WALLET_NOT_FOUND guards against. */
async function walletless(): Promise<Person> {
  const token = randomBytes(32).toString('base64url');
  const email = t.uniqueEmail('nowallet');
  const { rows } = (await t.db.execute(
    sql`insert into users (name, email, role, email_verified_at) values ('No Wallet', ${email}, 'USER', now()) returning id`,
  )) as unknown as { rows: { id: string }[] };
  const id = rows[0]!.id;
  await t.db.execute(
    sql`insert into sessions (token_hash, user_id, expires_at) values (${hashToken(token)}, ${id}, now() + interval '1 hour')`,
  );
  return { id, name: 'No Wallet', email, cookie: token, walletId: '' };
}

/** Another request of `person` holding `key` inside its open transaction (PostgreSQL only). */
function holdingKey(type: Walked, person: Person, key: string, body: object) {
  return async (send: () => Promise<void>) => {
    const other = await outsideClient(t.database);
    try {
      await other.query('begin');
      // The same movement, whatever it comes to: its key's lock lasts as long as its transaction.
      await other.query(`select * from ledger_move(jsonb_populate_record(null::movement_request, $1))`, [
        {
          type,
          role: roleOf(type),
          session_hash: hashToken(person.cookie),
          idle_seconds: 86400,
          amount: 100,
          key,
          request_hash: fingerprint(type, body),
          pin: keyedPin(PIN, t.app.pinKeys),
          pin_key: t.app.pinKeys[0]!.id,
        },
      ]);
      await send();
    } finally {
      await other.query('rollback');
      await other.end();
    }
  };
}

async function walk(type: Walked, steps: Step[], last: () => Promise<{ statusCode: number }>) {
  const expected = REFUSAL_PRECEDENCE[type].filter((code) => onPostgres || code !== 'KEY_IN_PROGRESS');
  expect(steps.map((step) => step.code)).toEqual(expected);
  for (const step of steps) {
    let response: { statusCode: number; json(): unknown } | undefined;
    const send = async () => void (response = await step.send());
    await (step.around ? step.around(send) : send());
    const { status } = REFUSALS[step.code];
    const message = refusalMessage(step.code, step.params);
    expect({ step: step.code, status: response!.statusCode, body: response!.json() }).toEqual({
      step: step.code,
      status,
      body: {
        success: false,
        statusCode: status,
        message,
        code: step.code,
        ...(step.params && { params: step.params }),
      },
    });
  }
  await restoreLimits();
  expect((await last()).statusCode).toBe(201);
  await expectLedgerConsistent(t.db);
}

/** The rules every movement starts with: who calls, and the Idempotency-Key. */
function callerSteps(type: Walked, wrongRole: Person, caller: Person, body: object, valid: object): Step[] {
  const reused = `reused-${randomUUID()}`;
  const held = `held-${randomUUID()}`;
  // The PIN's refusals come before the key's: a replay with a wrong PIN gets no stored success.
  const pinSteps: Step[] =
    type === 'deposit'
      ? []
      : [
          {
            code: 'PIN_NOT_SET',
            send: async () => {
              await t.db.execute(sql`update users set pin_hash = null, pin_key_id = null, pin_set_at = null
                where id = ${(caller as Person).id}`);
              return move(type, caller, body, reused);
            },
          },
          {
            code: 'PIN_LOCKED',
            params: { minutes: 60 },
            send: async () => {
              await t.setPin(caller.cookie);
              await t.db.execute(sql`update users set pin_locked_until = now() + interval '59 minutes 30 seconds'
                where id = ${(caller as Person).id}`);
              return move(type, caller, body, reused);
            },
          },
          {
            code: 'PIN_REQUIRED',
            send: async () => {
              await t.db.execute(sql`update users set pin_locked_until = null where id = ${(caller as Person).id}`);
              return move(type, caller, body, reused, false);
            },
          },
          { code: 'PIN_WRONG', params: { triesLeft: 2 }, send: () => move(type, caller, body, reused, '13579') },
          {
            code: 'PIN_RESET_HOLD',
            params: { hours: 24 },
            send: async () => {
              await t.db.execute(
                sql`update users set pin_reset_at = clock_timestamp() where id = ${(caller as Person).id}`,
              );
              const held = await move(type, caller, body, reused);
              await t.db.execute(sql`update users set pin_reset_at = null where id = ${(caller as Person).id}`);
              return held;
            },
          },
        ];
  return [
    { code: 'NOT_SIGNED_IN', send: () => move(type, null, body, reused) },
    ...(onPostgres
      ? [
          {
            code: 'KEY_IN_PROGRESS' as const,
            send: () => move(type, caller, body, held),
            around: holdingKey(type, caller, held, body),
          },
        ]
      : []),
    { code: 'ROLE_NOT_ALLOWED', send: () => move(type, wrongRole, body, reused) },
    ...pinSteps,
    {
      code: 'KEY_REUSED',
      send: async () => {
        // The key was first used for a movement that posted, with another body.
        expect((await move(type, caller, valid, reused)).statusCode).toBe(201);
        return move(type, caller, body, reused);
      },
    },
  ];
}

/**
 * The caller's own limits, in their order, for a movement of `amount` by someone who already made
 * one of `used` Taka today: each step sets the holder's row so that exactly the next limit stops it.
 */
function ownLimitSteps(
  type: MovementType,
  holder: LimitHolder,
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  { amount, used, first }: { amount: number; used: number; first?: () => Promise<void> },
): Step[] {
  const step = (code: RefusalCode, figures: LimitFigures, params: Record<string, number>): Step => ({
    code,
    params: { movement: type, ...params },
    send: async () => {
      if (code === 'AMOUNT_BELOW_MINIMUM') await first?.();
      await setLimits(t.db, holder, type, figures);
      return send();
    },
  });
  return [
    step('AMOUNT_BELOW_MINIMUM', { min: amount + 1 }, { limit: amount + 1 }),
    step('AMOUNT_ABOVE_MAXIMUM', { max: amount - 1 }, { limit: amount - 1 }),
    step('DAILY_LIMIT', { daily: amount }, { limit: amount, used, left: amount - used }),
    step('MONTHLY_LIMIT', { monthly: amount }, { limit: amount, used, left: amount - used }),
    step('DAILY_COUNT_LIMIT', { dailyCount: 1 }, { limit: 1, used: 1, left: 0 }),
    step('MONTHLY_COUNT_LIMIT', { monthlyCount: 1 }, { limit: 1, used: 1, left: 0 }),
  ];
}

/** A fee confirmed in the review that is not the fee now: the wallets unblocked first. */
function feeChangedStep(
  fee: number,
  unblock: () => Promise<unknown>,
  send: (headers: Record<string, string>) => ReturnType<typeof move>,
): Step {
  return {
    code: 'FEE_CHANGED',
    params: { fee },
    send: async () => {
      await unblock();
      return send({ 'x-expected-fee': '99.99' });
    },
  };
}

/**
 * Money the payer has but may not move yet (a registration bonus held until identity is approved):
 * the whole of their wallet held, and a movement its balance covers.
 */
function heldStep(
  payer: Person,
  params: { held: number; available: number },
  send: () => Promise<{ statusCode: number; json(): unknown }>,
): Step {
  return {
    code: 'BALANCE_HELD',
    params,
    send: async () => {
      await t.db.execute(sql`update accounts set held = balance where id = ${payer.walletId}`);
      return send();
    },
  };
}

/** The receiver's limit: the caller's own row back to none, one of the receiver's set just below. */
function receiverStep(
  type: MovementType,
  own: LimitHolder,
  receiver: [LimitHolder, MovementType | null, LimitFigures],
  scope: string,
  send: () => Promise<{ statusCode: number; json(): unknown }>,
): Step {
  return {
    code: 'RECEIVER_LIMIT',
    params: { movement: type, scope },
    send: async () => {
      await setLimits(t.db, own, type, {});
      await setLimits(t.db, ...receiver);
      return send();
    },
  };
}

describe('refusals, in the precedence of the table', () => {
  it('deposit', async () => {
    const [ann, agent, nobody] = [await t.user('Ann'), await t.agent('Agent', admin), await walletless()];
    const body = { balance: 10 };
    const caller = callerSteps('deposit', agent, ann, body, { balance: 0.01 });
    await walk(
      'deposit',
      [
        ...caller,
        { code: 'WALLET_NOT_FOUND', send: () => move('deposit', nobody, body) },
        {
          code: 'WALLET_BLOCKED',
          send: async () => {
            await block(ann, true);
            return move('deposit', ann, body);
          },
        },
        ...ownLimitSteps('deposit', 'KYC_APPROVED', () => move('deposit', ann, body), {
          amount: 10,
          used: 0.01,
          first: async () => void (await block(ann, false)),
        }),
        {
          code: 'BALANCE_LIMIT',
          // Ann holds her 50 Taka bonus and the 0.01 of the first deposit.
          params: { movement: 'deposit', limit: 50, left: 0 },
          send: async () => {
            await setLimits(t.db, 'KYC_APPROVED', 'deposit', {});
            await setLimits(t.db, 'KYC_APPROVED', null, { maxBalance: 50 });
            return move('deposit', ann, body);
          },
        },
      ],
      () => move('deposit', ann, body),
    );
  });

  /** A request of `payer` by `requester` for `taka`, written as it stands (`status`). */
  async function askedOf(payer: Person, requester: Person, taka: number, status: 'open' | 'cancelled') {
    const { rows } = (await t.db.execute(sql`
      insert into money_requests (requester_id, payer_id, by_email, delivered, payer_label, amount, status, closed_at, expires_at)
      values (${requester.id}, ${payer.id}, false, true, ${payer.name}, ${taka * 100}, ${status},
              ${status === 'open' ? null : sql`clock_timestamp()`}, clock_timestamp() + interval '7 days')
      returning id`)) as unknown as { rows: { id: string }[] };
    return rows[0]!.id;
  }

  it('transfer', async () => {
    const [ann, ben, agent, nobody, unverified] = [
      await t.user('Ann'),
      await t.user('Ben'),
      await t.agent('Agent', admin),
      await walletless(),
      await t.user('Unverified', { verified: false }),
    ];
    // Too much, to oneself, from a blocked wallet: every rule after the caller's is broken.
    const to = (receiverId: string, balance = 1000) => ({ receiverId, balance });
    const caller = callerSteps('transfer', agent, ann, to(ann.id), to(ben.id, 0.01));
    await walk(
      'transfer',
      [
        ...caller,
        {
          code: 'SENDER_UNVERIFIED',
          send: async () => {
            await setVerified(ann, false);
            await block(ann, true);
            return move('transfer', ann, to(ann.id));
          },
        },
        {
          code: 'SELF_TRANSFER',
          send: async () => {
            await setVerified(ann, true);
            return move('transfer', ann, to(ann.id));
          },
        },
        { code: 'RECEIVER_NOT_FOUND', send: () => move('transfer', ann, to(randomUUID())) },
        { code: 'RECEIVER_NOT_USER', send: () => move('transfer', ann, to(agent.id)) },
        { code: 'RECEIVER_UNVERIFIED', send: () => move('transfer', ann, to(unverified.id)) },
        // Paying a request (requestId): one that is not Ann's to pay, one of Ben's (not the
        // receiver's), then the receiver's own, cancelled.
        {
          code: 'REQUEST_NOT_FOUND',
          send: () => move('transfer', ann, { ...to(nobody.id), requestId: randomUUID() }),
        },
        {
          code: 'REQUEST_MISMATCH',
          send: async () =>
            move('transfer', ann, { ...to(nobody.id), requestId: await askedOf(ann, ben, 1000, 'open') }),
        },
        {
          code: 'REQUEST_NOT_OPEN',
          send: async () =>
            move('transfer', ann, { ...to(nobody.id), requestId: await askedOf(ann, nobody, 1000, 'cancelled') }),
        },
        { code: 'WALLET_NOT_FOUND', send: () => move('transfer', ann, to(nobody.id)) },
        { code: 'WALLET_BLOCKED', send: () => move('transfer', ann, to(ben.id)) },
        // Transfers are free.
        feeChangedStep(
          0,
          () => block(ann, false),
          (headers) => move('transfer', ann, to(ben.id), undefined, undefined, headers),
        ),
        { code: 'INSUFFICIENT_BALANCE', send: () => move('transfer', ann, to(ben.id)) },
        // Her bonus less the 0.01 of KEY_REUSED's transfer.
        heldStep(ann, { held: 49.99, available: 0 }, () => move('transfer', ann, to(ben.id, 10))),
        ...ownLimitSteps('transfer', 'KYC_APPROVED', () => move('transfer', ann, to(ben.id)), {
          amount: 1000,
          used: 0.01,
          first: async () => void (await move('deposit', ann, { balance: 2000 })),
        }),
        receiverStep('transfer', 'KYC_APPROVED', ['KYC_APPROVED', null, { maxBalance: 1000 }], 'balance', () =>
          move('transfer', ann, to(ben.id)),
        ),
      ],
      () => move('transfer', ann, to(ben.id)),
    );
  });

  it('cash-out', async () => {
    const [ann, ben, agent, nobody] = [
      await t.user('Ann'),
      await t.user('Ben'),
      await t.agent('Agent', admin),
      await walletless(),
    ];
    const via = (agentId: string, balance = 1000) => ({ agentId, balance });
    // The movement KEY_REUSED first posts is the smallest cash-out (50 Taka) with its fee (0.93).
    await t.post('/wallet/deposit', ann, { balance: 1 });
    const caller = callerSteps('cash-out', agent, ann, via(randomUUID()), via(agent.id, 50));
    await walk(
      'cash-out',
      [
        ...caller,
        {
          code: 'SENDER_UNVERIFIED',
          send: async () => {
            await setVerified(ann, false);
            return move('cash-out', ann, via(randomUUID()));
          },
        },
        {
          code: 'AGENT_NOT_FOUND',
          send: async () => {
            await setVerified(ann, true);
            await block(ann, true);
            await setActive(agent, false);
            return move('cash-out', ann, via(randomUUID()));
          },
        },
        { code: 'RECEIVER_NOT_AGENT', send: () => move('cash-out', ann, via(ben.id)) },
        { code: 'AGENT_SUSPENDED', send: () => move('cash-out', ann, via(agent.id)) },
        {
          code: 'WALLET_NOT_FOUND',
          send: async () => {
            // An agent with no wallet: an agent's row made without one.
            await t.db.execute(sql`update users set role = 'AGENT' where id = ${nobody.id}`);
            return move('cash-out', ann, via(nobody.id));
          },
        },
        {
          code: 'WALLET_BLOCKED',
          send: async () => {
            await setActive(agent, true);
            return move('cash-out', ann, via(agent.id));
          },
        },
        // 1.85% of 1,000 Taka.
        feeChangedStep(
          18.5,
          () => block(ann, false),
          (headers) => move('cash-out', ann, via(agent.id), undefined, undefined, headers),
        ),
        { code: 'INSUFFICIENT_BALANCE', send: () => move('cash-out', ann, via(agent.id)) },
        // What KEY_REUSED's cash-out left of 51 Taka; 0.05 and its fee (0.01) fit in it.
        heldStep(ann, { held: 0.07, available: 0 }, () => move('cash-out', ann, via(agent.id, 0.05))),
        ...ownLimitSteps('cash-out', 'KYC_APPROVED', () => move('cash-out', ann, via(agent.id)), {
          amount: 1000,
          used: 50,
          first: async () => void (await move('deposit', ann, { balance: 2000 })),
        }),
        receiverStep('cash-out', 'KYC_APPROVED', ['AGENT', 'cash-out', { max: 500 }], 'transaction', () =>
          move('cash-out', ann, via(agent.id)),
        ),
      ],
      () => move('cash-out', ann, via(agent.id)),
    );
  });

  it('cash-in', async () => {
    const [ann, agent, other, nobody, unverified] = [
      await t.user('Ann'),
      await t.agent('Agent', admin),
      await t.agent('Other agent', admin),
      await walletless(),
      await t.user('Unverified', { verified: false }),
    ];
    const to = (userId: string, balance = 1000) => ({ userId, balance });
    const caller = callerSteps('cash-in', ann, agent, to(randomUUID()), to(ann.id, 0.01));
    await walk(
      'cash-in',
      [
        ...caller,
        {
          code: 'AGENT_SUSPENDED',
          send: async () => {
            await block(agent, true);
            await setActive(agent, false);
            return move('cash-in', agent, to(randomUUID()));
          },
        },
        {
          code: 'USER_NOT_FOUND',
          send: async () => {
            await setActive(agent, true);
            return move('cash-in', agent, to(randomUUID()));
          },
        },
        { code: 'CASH_IN_NOT_USER', send: () => move('cash-in', agent, to(other.id)) },
        { code: 'RECEIVER_UNVERIFIED', send: () => move('cash-in', agent, to(unverified.id)) },
        { code: 'WALLET_NOT_FOUND', send: () => move('cash-in', agent, to(nobody.id)) },
        { code: 'WALLET_BLOCKED', send: () => move('cash-in', agent, to(ann.id)) },
        // A cash-in is free to the person (the agent earns, and pays no fee).
        feeChangedStep(
          0,
          () => block(agent, false),
          (headers) => move('cash-in', agent, to(ann.id), undefined, undefined, headers),
        ),
        { code: 'INSUFFICIENT_BALANCE', send: () => move('cash-in', agent, to(ann.id)) },
        // The agent's bonus less KEY_REUSED's 0.01 cash-in (whose commission rounds down to none).
        heldStep(agent, { held: 49.99, available: 0 }, () => move('cash-in', agent, to(ann.id, 10))),
        ...ownLimitSteps('cash-in', 'AGENT', () => move('cash-in', agent, to(ann.id)), {
          amount: 1000,
          used: 0.01,
          // The agent's float: a person cashes out to it.
          first: async () => {
            expect((await move('deposit', ann, { balance: 2000 })).statusCode).toBe(201);
            expect((await move('cash-out', ann, { agentId: agent.id, balance: 1500 })).statusCode).toBe(201);
          },
        }),
        receiverStep('cash-in', 'AGENT', ['KYC_APPROVED', 'cash-in', { daily: 500 }], 'day', () =>
          move('cash-in', agent, to(ann.id)),
        ),
      ],
      () => move('cash-in', agent, to(ann.id)),
    );
  });

  it('payment', async () => {
    const [ann, ben, agent, nobody, shop] = [
      await t.merchant('Ann'),
      await t.user('Ben'),
      await t.agent('Agent', admin),
      await walletless(),
      await t.merchant('Shop'),
    ];
    await t.post('/wallet/deposit', ben, { balance: 100 });
    const read = parseMerchantQr(
      (await t.inject({ method: 'GET', url: '/api/v1/merchant/qr', cookie: shop.cookie })).json().data.payload,
    );
    if (!read.ok) throw new Error(read.reason);
    const fields = read.qr;
    const dynamic = async (amount: number, reference: string) =>
      (await t.post('/merchant/qr', shop, { amount, reference })).json().data.payload as string;
    const pay = (merchantId: string, amount = 1000) => ({ merchantId, amount });
    const link = (body: object) => t.post('/merchant/links', shop, body);
    const payQr = (payload: string, amount: number) => ({ payload, amount });
    const staticPayload = encodeMerchantQr(fields);
    const qrOf = (objects: { id: string; value: string }[]) => encodePayload(objects);
    const base = [
      { id: '00', value: '01' },
      { id: '01', value: '11' },
      { id: '26', value: `0020${WALLET_QR_GUID}0136${shop.merchantId}` },
      { id: '52', value: '5411' },
      { id: '58', value: 'BD' },
      { id: '59', value: 'Shop Store' },
      { id: '60', value: 'Dhaka' },
    ];
    // Each payload read before anything else, even the caller's sign-in.
    const qrSteps: Step[] = [
      { code: 'QR_MALFORMED', send: () => move('payment', null, payQr('000201', 10)) },
      {
        code: 'QR_BAD_CRC',
        send: () => move('payment', null, payQr(staticPayload.slice(0, -4) + '0000', 10)),
      },
      {
        code: 'QR_OTHER_WALLET',
        send: () =>
          move(
            'payment',
            null,
            payQr(
              qrOf([
                ...base.slice(0, 2),
                { id: '26', value: '0011bd.otherpay0101x' },
                ...base.slice(3),
                { id: '53', value: '050' },
              ]),
              10,
            ),
          ),
      },
      {
        code: 'QR_UNSUPPORTED',
        send: () => move('payment', null, payQr(qrOf([...base, { id: '53', value: '840' }]), 10)),
      },
    ];
    // A request that breaks every rule after the caller's: an unknown merchant, more than Ann has.
    const caller = callerSteps('payment', agent, ann, pay(randomUUID()), pay(shop.merchantId, 0.01));
    await walk(
      'payment',
      [
        ...qrSteps,
        ...caller,
        {
          code: 'SENDER_UNVERIFIED',
          send: async () => {
            await setVerified(ann, false);
            return move('payment', ann, pay(randomUUID()));
          },
        },
        {
          code: 'PAY_LINK_NOT_FOUND',
          send: async () => {
            await setVerified(ann, true);
            await block(ann, true);
            await block(shop, true);
            return move('payment', ann, { link: 'A'.repeat(24), amount: 1000 });
          },
        },
        { code: 'MERCHANT_NOT_FOUND', send: () => move('payment', ann, pay(randomUUID())) },
        { code: 'SELF_PAYMENT', send: () => move('payment', ann, pay(ann.merchantId)) },
        { code: 'MERCHANT_BLOCKED', send: () => move('payment', ann, pay(shop.merchantId)) },
        {
          code: 'QR_NOT_FOUND',
          send: async () => {
            await block(shop, false);
            return move(
              'payment',
              ann,
              payQr(encodeMerchantQr({ ...fields, amount: '10.00', reference: 'NEVER' }), 10),
            );
          },
        },
        {
          code: 'QR_ALREADY_PAID',
          send: async () => {
            const paid = await dynamic(10, 'PAID');
            expect((await move('payment', ben, payQr(paid, 10), randomUUID())).statusCode).toBe(201);
            return move('payment', ann, payQr(paid, 10));
          },
        },
        {
          code: 'QR_EXPIRED',
          send: async () => {
            const late = await dynamic(10, 'LATE');
            await t.db.execute(sql`update merchant_qr_codes set created_at = now() - interval '1 hour',
              expires_at = now() - interval '1 second' where reference = 'LATE'`);
            return move('payment', ann, payQr(late, 10));
          },
        },
        {
          code: 'QR_AMOUNT_MISMATCH',
          params: { amount: 10 },
          send: async () => move('payment', ann, payQr(await dynamic(10, 'ODD'), 5)),
        },
        {
          code: 'PAY_LINK_INACTIVE',
          send: async () => {
            const made = (await link({ description: 'Off' })).json().data;
            await t.inject({
              method: 'PATCH',
              url: `/api/v1/merchant/links/${made._id}`,
              cookie: shop.cookie,
              payload: { active: false },
            });
            return move('payment', ann, { link: made.code, amount: 10 });
          },
        },
        {
          code: 'PAY_LINK_EXPIRED',
          send: async () => {
            const { code } = (await link({ description: 'Late' })).json().data;
            await t.db.execute(
              sql`update payment_links set expires_at = now() - interval '1 second' where code = ${code}`,
            );
            return move('payment', ann, { link: code, amount: 10 });
          },
        },
        {
          code: 'PAY_LINK_USED_UP',
          send: async () => {
            const { code } = (await link({ description: 'Once', maxUses: 1 })).json().data;
            expect((await move('payment', ben, { link: code, amount: 10 }, randomUUID())).statusCode).toBe(201);
            return move('payment', ann, { link: code, amount: 10 });
          },
        },
        {
          code: 'PAY_LINK_AMOUNT_MISMATCH',
          params: { amount: 10 },
          send: async () =>
            move('payment', ann, {
              link: (await link({ description: 'Ten', amount: 10 })).json().data.code,
              amount: 5,
            }),
        },
        {
          code: 'WALLET_NOT_FOUND',
          send: async () => {
            // A merchant whose owner has no wallet: rows made without one.
            await t.db.execute(sql`
              with application as (
                insert into merchant_applications (user_id, status, business_name, business_name_bn, category, city,
                  city_bn, reason, decided_at)
                values (${nobody.id}, 'approved', 'No Wallet', 'নেই', '5411', 'Dhaka', 'ঢাকা', 'Seen', now())
                returning id)
              insert into merchants (user_id, application_id, name, name_bn, category, city, city_bn)
              select ${nobody.id}, id, 'No Wallet', 'নেই', '5411', 'Dhaka', 'ঢাকা' from application`);
            const [row] = (
              (await t.db.execute(sql`select id from merchants where user_id = ${nobody.id}`)) as unknown as {
                rows: { id: string }[];
              }
            ).rows;
            return move('payment', ann, pay(row!.id));
          },
        },
        { code: 'WALLET_BLOCKED', send: () => move('payment', ann, pay(shop.merchantId)) },
        // The merchant pays a payment's fee: the payer's is none.
        feeChangedStep(
          0,
          () => block(ann, false),
          (headers) => move('payment', ann, pay(shop.merchantId), undefined, undefined, headers),
        ),
        { code: 'INSUFFICIENT_BALANCE', send: () => move('payment', ann, pay(shop.merchantId)) },
        // Her bonus less the 0.01 of KEY_REUSED's payment.
        heldStep(ann, { held: 49.99, available: 0 }, () => move('payment', ann, pay(shop.merchantId, 10))),
        ...ownLimitSteps('payment', 'KYC_APPROVED', () => move('payment', ann, pay(shop.merchantId)), {
          amount: 1000,
          used: 0.01,
          first: async () => void (await move('deposit', ann, { balance: 2000 })),
        }),
        receiverStep('payment', 'KYC_APPROVED', ['MERCHANT', 'payment', { max: 500 }], 'transaction', () =>
          move('payment', ann, pay(shop.merchantId)),
        ),
      ],
      () => move('payment', ann, pay(shop.merchantId)),
    );
  });

  it('refund', async () => {
    const [shop, ann, ben, agent] = [
      await t.merchant('Shop'),
      await t.user('Ann'),
      await t.user('Ben'),
      await t.agent('Agent', admin),
    ];
    await t.post('/wallet/deposit', ann, { balance: 200 });
    const paid = async (amount: number) =>
      (await move('payment', ann, { merchantId: shop.merchantId, amount }, randomUUID())).json().data.transaction
        ._id as string;
    // A payment of 100 Taka (MDR 1.00), an old one, and one refunded in full already.
    const [payment, old, full] = [await paid(100), await paid(10), await paid(10)];
    expect((await move('refund', shop, { payment: full, reason: 'Returned' }, randomUUID())).statusCode).toBe(201);
    const back = (id: string, amount = 1000) => ({ payment: id, amount, reason: 'Returned' });
    const caller = callerSteps('refund', agent, shop, back(randomUUID()), back(payment, 0.01));
    const walletOf = async (person: Person) =>
      (await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: person.cookie })).json().data
        .balance as number;
    await walk(
      'refund',
      [
        ...caller,
        {
          code: 'SENDER_UNVERIFIED',
          send: async () => {
            await setVerified(shop, false);
            return move('refund', shop, back(randomUUID()));
          },
        },
        {
          code: 'PAYMENT_NOT_FOUND',
          send: async () => {
            await setVerified(shop, true);
            await block(ann, true);
            return move('refund', shop, back(randomUUID()));
          },
        },
        {
          code: 'REFUND_WINDOW_CLOSED',
          params: { days: 30 },
          send: async () => {
            await t.db.execute(
              sql`update payments set created_at = now() - interval '31 days' where transaction_id = ${old}`,
            );
            return move('refund', shop, back(old));
          },
        },
        { code: 'ALREADY_REFUNDED', send: () => move('refund', shop, back(full)) },
        // KEY_REUSED's refund gave back 0.01 of the 100.
        { code: 'REFUND_TOO_LARGE', params: { left: 99.99 }, send: () => move('refund', shop, back(payment)) },
        { code: 'WALLET_BLOCKED', send: () => move('refund', shop, back(payment, 50)) },
        feeChangedStep(
          0,
          () => block(ann, false),
          (headers) => move('refund', shop, back(payment, 50), undefined, undefined, headers),
        ),
        {
          code: 'INSUFFICIENT_BALANCE',
          send: async () => {
            // The shop keeps 1 Taka: 50 back (less its 0.50 of MDR) is more.
            const keep = Math.round(((await walletOf(shop)) - 1) * 100) / 100;
            expect((await move('transfer', shop, { receiverId: ben.id, balance: keep }, randomUUID())).statusCode).toBe(
              201,
            );
            return move('refund', shop, back(payment, 50));
          },
        },
        // 0.50 back gives back no MDR (1.00 × 0.5%, rounded down): the 1 Taka held covers it.
        heldStep(shop, { held: 1, available: 0 }, () => move('refund', shop, back(payment, 0.5))),
      ],
      async () => {
        await t.db.execute(sql`update accounts set held = 0 where id = ${shop.walletId}`);
        await t.post('/wallet/deposit', shop, { balance: 100 });
        return move('refund', shop, back(payment, 50));
      },
    );
  });

  it('SAME_ACCOUNT: the posting itself refuses one account on both sides, and writes nothing', async () => {
    const ann = await t.user('Ann');
    const before = await expectLedgerConsistent(t.db);
    const { rows } = (await t.db.execute(
      sql`select refusal, transaction_id from ledger_post('deposit', 100, ${ann.walletId}::uuid, ${ann.walletId}::uuid, null, ${ann.id}::uuid)`,
    )) as unknown as { rows: { refusal: string; transaction_id: string | null }[] };
    expect(rows).toEqual([{ refusal: 'SAME_ACCOUNT', transaction_id: null }]);
    expect((await expectLedgerConsistent(t.db)).transactions).toBe(before.transactions);
    expect(REFUSALS.SAME_ACCOUNT).toEqual({ status: 400, message: 'Sender and receiver must differ' });
  });
});
