import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { encodeMerchantQr, encodePayload, parseMerchantQr } from '@wallet/shared/bangla-qr';
import { FREE_FEE_ROW, MDR_PERCENT, REFUND_WINDOW_DAYS } from '@wallet/shared/contracts';
import { ledgerEntries, transactions } from '../src/db/schema';
import {
  createTestContext,
  expectLedgerConsistent,
  savedLimits,
  setLimits,
  type Merchant,
  type Person,
  type TestContext,
} from './helpers';

/*
 * Paying a shop (issue 45): a payer pays a merchant by its static QR (typing the amount), by a
 * dynamic QR (one payment, its amount and expiry held by the server), or by its id. The merchant
 * pays the fee (the MDR) as a ledger leg of its own; the payer pays the amount alone.
 */
let t: TestContext;
let admin: Person;
let payer: Person;
let shop: Merchant;
let restoreLimits: () => Promise<void>;

const pay = (person: Person, body: object, key: string = randomUUID()) =>
  t.post('/wallet/pay', person, body, { 'idempotency-key': key });
const staticQr = async (person: Person) =>
  (await t.inject({ method: 'GET', url: '/api/v1/merchant/qr', cookie: person.cookie })).json().data.payload as string;
const dynamicQr = (person: Person, amount: number, reference: string) =>
  t.post('/merchant/qr', person, { amount, reference });

async function balance(person: Person) {
  return (await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: person.cookie })).json().data.balance;
}

/** The entries of one transaction: account (a wallet's owner, or a system account's code), kind, amount in poisha. */
async function entries(transactionId: string) {
  const { rows } = (await t.db.execute(sql`
    select coalesce(a.user_id::text, a.code) as account, e.kind::text as kind, e.amount::text as amount
    from ledger_entries e join accounts a on a.id = e.account_id
    where e.transaction_id = ${transactionId} order by e.kind, e.amount`)) as unknown as {
    rows: { account: string; kind: string; amount: string }[];
  };
  return rows;
}

before(async () => {
  t = await createTestContext({ PAYMENT_LINK_RATE_LIMIT: '5' });
  admin = await t.admin();
  restoreLimits = await savedLimits(t.db);
  payer = await t.user('Payer');
  expect((await t.post('/wallet/deposit', payer, { balance: 40_000 })).statusCode).toBe(201);
  shop = await t.merchant('Rahim');
});
after(() => t.close());

describe('paying a merchant', () => {
  it('should pay a static QR the amount typed, the merchant paying the MDR (1%, rounded up) as its own leg', async () => {
    const payload = await staticQr(shop);
    const read = parseMerchantQr(payload);
    expect(read).toMatchObject({ ok: true, dynamic: false, qr: { merchantId: shop.merchantId, name: 'Rahim Store' } });
    const quoted = await t.inject({
      method: 'GET',
      url: '/api/v1/wallet/quote?type=payment&amount=333.33',
      cookie: payer.cookie,
    });
    // The payer pays no fee: the quote says so before the PIN.
    expect(quoted.json().data).toMatchObject({ type: 'payment', amount: 333.33, fee: 0, total: 333.33 });
    const [payerBefore, shopBefore] = [await balance(payer), await balance(shop)];

    const key = randomUUID();
    const paid = await pay(payer, { payload, amount: 333.33 }, key);
    expect(paid.statusCode).toBe(201);
    const { transaction, wallet } = paid.json().data;
    expect(paid.json().message).toBe('Payment successful!');
    // 1% of 333.33 is 3.3333 Taka: the merchant's fee rounds up, to 3.34.
    expect(transaction).toMatchObject({ type: 'payment', balance: 333.33, fee: 3.34, commission: 0 });
    expect(transaction.receiver).toEqual({ _id: shop.id, name: 'Rahim' });
    expect(wallet.balance).toBe(payerBefore - 333.33);
    expect(await balance(payer)).toBe(payerBefore - 333.33);
    expect(await balance(shop)).toBeCloseTo(shopBefore + 333.33 - 3.34, 2);
    expect(await entries(transaction._id)).toEqual([
      { account: payer.id, kind: 'amount', amount: '-33333' },
      { account: shop.id, kind: 'amount', amount: '33333' },
      { account: shop.id, kind: 'fee', amount: '-334' },
      { account: 'FEE_REVENUE', kind: 'fee', amount: '334' },
    ]);
    const { rows } = (await t.db.execute(
      sql`select merchant_id, reference, qr_code_id from payments where transaction_id = ${transaction._id}`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ merchant_id: shop.merchantId, reference: null, qr_code_id: null }]);

    // The same key again: the stored answer, nothing moved twice.
    const replayed = await pay(payer, { payload, amount: 333.33 }, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().data.transaction._id).toBe(transaction._id);
    expect(await balance(payer)).toBe(payerBefore - 333.33);
    await expectLedgerConsistent(t.db);
  });

  it('should show a payer the merchant’s verified names by the id its QR carries, not the QR’s', async () => {
    const profile = (id: string, person: Person = payer) =>
      t.inject({ method: 'GET', url: `/api/v1/merchants/${id}`, cookie: person.cookie });
    expect((await profile(shop.merchantId)).json().data).toMatchObject({
      _id: shop.merchantId,
      name: 'Rahim Store',
      nameBn: 'রহিম স্টোর',
      category: '5411',
      city: 'Dhaka',
    });
    expect((await profile(randomUUID())).json()).toMatchObject({ statusCode: 404, code: 'MERCHANT_NOT_FOUND' });
    expect((await profile('not-an-id')).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/api/v1/merchants/${shop.merchantId}` })).statusCode).toBe(401);
  });

  it('should pay a merchant by its id with a reference of the payer’s, kept with the payment', async () => {
    const paid = await pay(payer, { merchantId: shop.merchantId, amount: 50, reference: 'Table 4' });
    expect(paid.statusCode).toBe(201);
    const { rows } = (await t.db.execute(
      sql`select reference from payments where transaction_id = ${paid.json().data.transaction._id}`,
    )) as unknown as { rows: { reference: string }[] };
    expect(rows).toEqual([{ reference: 'Table 4' }]);
    // The payer's history names the payment's type, and the shop by its verified name, not the
    // person behind it.
    const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?limit=1', cookie: payer.cookie });
    expect(history.json().data[0]).toMatchObject({
      type: 'payment',
      balance: 50,
      receiver: { _id: shop.id, name: 'Rahim Store' },
    });
    // Money sent to the same person as a person is named as a person.
    const sent = await t.post('/wallet/transfer', payer, { receiverId: shop.id, balance: 1 });
    expect(sent.statusCode).toBe(201);
    const transfer = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?limit=1', cookie: payer.cookie });
    expect(transfer.json().data[0]).toMatchObject({ type: 'transfer', receiver: { _id: shop.id, name: shop.name } });
  });

  it('should pay a dynamic QR once, for its own amount, while it lasts', async () => {
    const made = await dynamicQr(shop, 250, 'ORDER-7');
    expect(made.statusCode).toBe(201);
    const { payload, expiresAt } = made.json().data;
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(parseMerchantQr(payload)).toMatchObject({
      ok: true,
      dynamic: true,
      qr: { amount: '250.00', reference: 'ORDER-7' },
    });
    // A reference is the merchant's own, once.
    expect((await dynamicQr(shop, 10, 'ORDER-7')).json()).toMatchObject({ statusCode: 409, code: 'REFERENCE_USED' });

    const mismatch = await pay(payer, { payload, amount: 25 });
    expect(mismatch.json()).toMatchObject({ statusCode: 422, code: 'QR_AMOUNT_MISMATCH', params: { amount: 250 } });
    const paid = await pay(payer, { payload, amount: 250 });
    expect(paid.statusCode).toBe(201);
    const again = await pay(payer, { payload, amount: 250 });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'QR_ALREADY_PAID' });

    const late = (await dynamicQr(shop, 80, 'ORDER-8')).json().data.payload;
    await t.db.execute(sql`update merchant_qr_codes set created_at = now() - interval '1 hour',
      expires_at = now() - interval '1 second' where reference = 'ORDER-8'`);
    expect((await pay(payer, { payload: late, amount: 80 })).json()).toMatchObject({
      statusCode: 410,
      code: 'QR_EXPIRED',
    });
    await expectLedgerConsistent(t.db);
  });

  it('should let exactly one of 10 payments of one dynamic QR at once through', async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, (_, n) => t.user(`Rush ${n}`)));
    await Promise.all(payers.map((person) => t.post('/wallet/deposit', person, { balance: 500 })));
    const { payload } = (await dynamicQr(shop, 120, 'RUSH-1')).json().data;
    const answers = await Promise.all(payers.map((person) => pay(person, { payload, amount: 120 })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().code).toBe('QR_ALREADY_PAID');
    }
    const { rows } = (await t.db.execute(sql`
      select count(*)::int as payments from payments p join merchant_qr_codes q on q.id = p.qr_code_id
      where q.reference = 'RUSH-1'`)) as unknown as { rows: { payments: number }[] };
    expect(rows).toEqual([{ payments: 1 }]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a code that is not ours, damaged or malformed before anything else, and name each refusal', async () => {
    const payload = await staticQr(shop);
    const damaged = payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0');
    expect((await pay(payer, { payload: damaged, amount: 5 })).json()).toMatchObject({
      statusCode: 400,
      code: 'QR_BAD_CRC',
    });
    expect((await pay(payer, { payload: 'not a QR', amount: 5 })).json()).toMatchObject({ code: 'QR_MALFORMED' });
    const foreign = encodePayload([
      { id: '00', value: '01' },
      { id: '01', value: '11' },
      { id: '26', value: '0011bd.otherpay0104shop' },
      { id: '52', value: '5411' },
      { id: '53', value: '050' },
      { id: '58', value: 'BD' },
      { id: '59', value: 'Other Shop' },
      { id: '60', value: 'Dhaka' },
    ]);
    expect((await pay(payer, { payload: foreign, amount: 5 })).json()).toMatchObject({
      statusCode: 422,
      code: 'QR_OTHER_WALLET',
    });
    // Our GUID, but a merchant id we never make.
    const forged = encodeMerchantQr({ ...parsed(payload), merchantId: 'shop-42' });
    expect((await pay(payer, { payload: forged, amount: 5 })).json()).toMatchObject({ code: 'QR_MALFORMED' });
    const unknown = encodeMerchantQr({ ...parsed(payload), merchantId: randomUUID() });
    expect((await pay(payer, { payload: unknown, amount: 5 })).json()).toMatchObject({
      statusCode: 404,
      code: 'MERCHANT_NOT_FOUND',
    });
    expect((await pay(shop, { payload, amount: 5 })).json()).toMatchObject({ statusCode: 400, code: 'SELF_PAYMENT' });
    // Both bodies at once are neither.
    expect((await pay(payer, { payload, merchantId: shop.merchantId, amount: 5 })).statusCode).toBe(400);
  });

  it('should refuse a blocked merchant, and a person who is not a merchant its QR', async () => {
    const blocked = await t.merchant('Blocked');
    const block = (path: string) =>
      t.inject({ method: 'PATCH', url: `/api/v1/admin/${path}/${blocked.walletId}`, cookie: admin.cookie });
    await block('block');
    expect((await pay(payer, { merchantId: blocked.merchantId, amount: 5 })).json()).toMatchObject({
      statusCode: 403,
      code: 'MERCHANT_BLOCKED',
    });
    await block('unblock');
    expect((await pay(payer, { merchantId: blocked.merchantId, amount: 5 })).statusCode).toBe(201);
    const notShop = await t.inject({ method: 'GET', url: '/api/v1/merchant/qr', cookie: payer.cookie });
    expect(notShop.json()).toMatchObject({ statusCode: 403, code: 'NOT_A_MERCHANT' });
    expect((await t.post('/merchant/qr', payer, { amount: 5, reference: 'X' })).json()).toMatchObject({
      code: 'NOT_A_MERCHANT',
    });
  });

  it('should hold a merchant to its own received limits, and a payer to their tier’s', async () => {
    const small = await t.merchant('Small');
    await setLimits(t.db, 'MERCHANT', 'payment', { daily: 100 });
    try {
      expect((await pay(payer, { merchantId: small.merchantId, amount: 60 })).statusCode).toBe(201);
      expect((await pay(payer, { merchantId: small.merchantId, amount: 60 })).json()).toMatchObject({
        statusCode: 422,
        code: 'RECEIVER_LIMIT',
        params: { movement: 'payment', scope: 'day' },
      });
      await setLimits(t.db, 'MERCHANT', 'payment', {});
      await setLimits(t.db, 'KYC_APPROVED', 'payment', { max: 20 });
      expect((await pay(payer, { merchantId: small.merchantId, amount: 60 })).json()).toMatchObject({
        code: 'AMOUNT_ABOVE_MAXIMUM',
        params: { movement: 'payment', limit: 20 },
      });
    } finally {
      await restoreLimits();
    }
    // The merchant sees its own limits on what it takes, with what it took today; a payer has none.
    const limitsOf = async (person: Person) =>
      (await t.inject({ method: 'GET', url: '/api/v1/wallet/limits', cookie: person.cookie })).json().data;
    expect((await limitsOf(small)).merchant).toEqual({
      movements: [
        expect.objectContaining({
          type: 'payment',
          side: 'received',
          maxAmount: null,
          daily: { limit: 500_000, used: 60, left: 499_940 },
        }),
      ],
      maxBalance: 5_000_000,
    });
    expect(await limitsOf(payer)).not.toHaveProperty('merchant');
    // What the merchant received is counted as received, what the payer paid as sent.
    const { rows } = (await t.db.execute(sql`
      select side, amount::text from limit_counters
      where type = 'payment' and period = 'day' and user_id = ${small.id}`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ side: 'received', amount: '6000' }]);
  });
});

describe('payment links', () => {
  const link = (person: Person, body: object) => t.post('/merchant/links', person, body);
  const lookup = (code: string, remoteAddress = '10.0.0.1') =>
    t.inject({ method: 'GET', url: `/api/v1/links/${code}`, remoteAddress });

  it('should make an unguessable link whose page shows the merchant, paid once when it allows once', async () => {
    const made = await link(shop, { amount: 75, description: 'Tea for two', maxUses: 1 });
    expect(made.statusCode).toBe(201);
    const created = made.json().data;
    expect(created).toMatchObject({
      amount: 75,
      description: 'Tea for two',
      maxUses: 1,
      uses: 0,
      active: true,
      closed: null,
    });
    // 18 random bytes: 144 bits, 24 base64url characters.
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const page = await lookup(created.code);
    expect(page.json().data).toEqual({
      code: created.code,
      merchant: { name: 'Rahim Store', nameBn: 'রহিম স্টোর', city: 'Dhaka', cityBn: 'ঢাকা' },
      amount: 75,
      description: 'Tea for two',
      expiresAt: null,
      closed: null,
    });

    expect((await pay(payer, { link: created.code, amount: 70 })).json()).toMatchObject({
      statusCode: 422,
      code: 'PAY_LINK_AMOUNT_MISMATCH',
      params: { amount: 75 },
    });
    const paid = await pay(payer, { link: created.code, amount: 75 });
    expect(paid.statusCode).toBe(201);
    const { rows } = (await t.db.execute(
      sql`select l.code, l.uses from payments p join payment_links l on l.id = p.link_id where p.transaction_id = ${paid.json().data.transaction._id}`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ code: created.code, uses: 1 }]);
    expect((await pay(payer, { link: created.code, amount: 75 })).json()).toMatchObject({
      statusCode: 409,
      code: 'PAY_LINK_USED_UP',
    });
    expect((await lookup(created.code)).json().data.closed).toBe('PAY_LINK_USED_UP');
    const listed = await t.inject({ method: 'GET', url: '/api/v1/merchant/links', cookie: shop.cookie });
    expect(listed.json().data[0]).toMatchObject({ _id: created._id, uses: 1, closed: 'PAY_LINK_USED_UP' });
  });

  it('should take any amount on a link without one, and refuse an unknown, expired or turned-off link', async () => {
    const open = (await link(shop, { description: 'Pay what you like' })).json().data;
    expect((await pay(payer, { link: open.code, amount: 12.5 })).statusCode).toBe(201);
    expect((await pay(payer, { link: open.code, amount: 3 })).statusCode).toBe(201);

    const unknown = 'A'.repeat(24);
    expect((await pay(payer, { link: unknown, amount: 5 })).json()).toMatchObject({
      statusCode: 404,
      code: 'PAY_LINK_NOT_FOUND',
    });
    expect((await lookup(unknown)).json()).toMatchObject({ statusCode: 404, code: 'PAY_LINK_NOT_FOUND' });
    expect((await pay(payer, { link: 'short', amount: 5 })).statusCode).toBe(400);

    const soon = (
      await link(shop, { description: 'Until noon', expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
    ).json().data;
    expect((await link(shop, { description: 'Past', expiresAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    await t.db.execute(
      sql`update payment_links set expires_at = now() - interval '1 second' where code = ${soon.code}`,
    );
    expect((await pay(payer, { link: soon.code, amount: 5 })).json()).toMatchObject({
      statusCode: 410,
      code: 'PAY_LINK_EXPIRED',
    });

    // Only its merchant turns a link off.
    const other = await t.merchant('Other');
    const off = (person: Person) =>
      t.inject({
        method: 'PATCH',
        url: `/api/v1/merchant/links/${open._id}`,
        cookie: person.cookie,
        payload: { active: false },
      });
    expect((await off(other)).json()).toMatchObject({ statusCode: 404, code: 'PAY_LINK_NOT_FOUND' });
    expect((await off(shop)).json().data).toMatchObject({ active: false, closed: 'PAY_LINK_INACTIVE' });
    expect((await pay(payer, { link: open.code, amount: 5 })).json()).toMatchObject({
      statusCode: 410,
      code: 'PAY_LINK_INACTIVE',
    });
    await expectLedgerConsistent(t.db);
  });

  it('should let exactly one of 10 payments of a single-use link at once through', async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, (_, n) => t.user(`Link rush ${n}`)));
    await Promise.all(payers.map((person) => t.post('/wallet/deposit', person, { balance: 100 })));
    const { code } = (await link(shop, { amount: 40, description: 'One ticket', maxUses: 1 })).json().data;
    const answers = await Promise.all(payers.map((person) => pay(person, { link: code, amount: 40 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const { rows } = (await t.db.execute(sql`
      select l.uses, count(p.*)::int as payments from payment_links l left join payments p on p.link_id = l.id
      where l.code = ${code} group by l.uses`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ uses: 1, payments: 1 }]);
    // The count is the database's own rule, whatever code writes.
    await expect(t.db.execute(sql`update payment_links set uses = 2 where code = ${code}`)).rejects.toThrow();
  });

  it('should limit the public lookups of links per address', async () => {
    const { code } = (await link(shop, { description: 'Counted' })).json().data;
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await lookup(code, '10.9.9.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address is not held back by it.
    expect((await lookup(code, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('refunds', () => {
  const refund = (person: Person, paymentId: string, body: object, key: string = randomUUID()) =>
    t.post(`/merchant/payments/${paymentId}/refund`, person, body, { 'idempotency-key': key });
  const paidRow = async (paymentId: string) =>
    (
      (await t.db.execute(
        sql`select refunded::text, refunded_fee::text from payments where transaction_id = ${paymentId}`,
      )) as unknown as { rows: { refunded: string; refunded_fee: string }[] }
    ).rows[0];

  it('should give back part, then the rest, with the MDR back pro rata and rounded down, the last refund the rest of it', async () => {
    const paid = (await pay(payer, { merchantId: shop.merchantId, amount: 333.33 })).json().data.transaction;
    expect(paid.fee).toBe(3.34);
    const [payerBefore, shopBefore] = [await balance(payer), await balance(shop)];

    const first = await refund(shop, paid._id, { amount: 100, reason: 'One item returned' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Refund successful!');
    // 3.34 Taka of MDR for 333.33: 100 of it gives back 1.002 Taka, rounded down to 1.00.
    expect(first.json().data.transaction).toMatchObject({ type: 'refund', balance: 100, fee: 1 });
    expect(await entries(first.json().data.transaction._id)).toEqual([
      { account: shop.id, kind: 'amount', amount: '-10000' },
      { account: payer.id, kind: 'amount', amount: '10000' },
      { account: 'FEE_REVENUE', kind: 'fee', amount: '-100' },
      { account: shop.id, kind: 'fee', amount: '100' },
    ]);
    expect((await refund(shop, paid._id, { amount: 100, reason: 'Another' })).json().data.transaction.fee).toBe(1);
    // What is left, 133.33, takes the rest of the MDR: 1.34.
    const last = await refund(shop, paid._id, { reason: 'All of it now' });
    expect(last.json().data.transaction).toMatchObject({ balance: 133.33, fee: 1.34 });
    expect(await paidRow(paid._id)).toEqual({ refunded: '33333', refunded_fee: '334' });
    expect(await balance(payer)).toBeCloseTo(payerBefore + 333.33, 2);
    expect(await balance(shop)).toBeCloseTo(shopBefore - 333.33 + 3.34, 2);
    expect((await refund(shop, paid._id, { amount: 1, reason: 'Again' })).json()).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REFUNDED',
    });

    // Both sides' histories show it; no limit counts it.
    const mine = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?limit=1', cookie: payer.cookie });
    expect(mine.json().data[0]).toMatchObject({
      type: 'refund',
      balance: 133.33,
      sender: { _id: shop.id, name: 'Rahim Store' },
    });
    const counted = (await t.db.execute(
      sql`select count(*)::int as n from limit_counters where type = 'refund'`,
    )) as unknown as { rows: { n: number }[] };
    expect(counted.rows).toEqual([{ n: 0 }]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a refund past the payment, past the window, or of another merchant’s payment', async () => {
    const paid = (await pay(payer, { merchantId: shop.merchantId, amount: 50 })).json().data.transaction;
    expect((await refund(shop, paid._id, { amount: 50.01, reason: 'Too much' })).json()).toMatchObject({
      statusCode: 422,
      code: 'REFUND_TOO_LARGE',
      params: { left: 50 },
    });
    expect((await refund(payer, paid._id, { reason: 'Not mine to give' })).json()).toMatchObject({
      statusCode: 404,
      code: 'PAYMENT_NOT_FOUND',
    });
    expect((await refund(shop, randomUUID(), { reason: 'Nothing' })).json()).toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
    });
    expect((await refund(shop, paid._id, { amount: 5 })).statusCode).toBe(400);
    await t.db.execute(
      sql`update payments set created_at = now() - interval '30 days 1 minute' where transaction_id = ${paid._id}`,
    );
    expect((await refund(shop, paid._id, { reason: 'Late' })).json()).toMatchObject({
      statusCode: 409,
      code: 'REFUND_WINDOW_CLOSED',
      params: { days: REFUND_WINDOW_DAYS },
    });
    const [window] = (
      (await t.db.execute(sql`select extract(day from refund_window())::int as days`)) as unknown as {
        rows: { days: number }[];
      }
    ).rows;
    expect(window!.days).toBe(REFUND_WINDOW_DAYS);
  });

  it('should never let 20 partial refunds at once add up to more than the payment, nor its MDR', async () => {
    const paid = (await pay(payer, { merchantId: shop.merchantId, amount: 100 })).json().data.transaction;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => refund(shop, paid._id, { amount: 10, reason: `Part ${n}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    for (const answer of answers.filter((one) => one.statusCode !== 201)) {
      expect(['ALREADY_REFUNDED', 'REFUND_TOO_LARGE']).toContain(answer.json().code);
    }
    expect(await paidRow(paid._id)).toEqual({ refunded: '10000', refunded_fee: '100' });
    const { rows } = (await t.db.execute(sql`
      select sum(t.amount)::text as amount, sum(t.fee)::text as fee from refunds r join transactions t on t.id = r.transaction_id
      where r.payment_id = ${paid._id}`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ amount: '10000', fee: '100' }]);
    await expectLedgerConsistent(t.db);
  });
});

describe("a merchant's day", () => {
  it('should list the day’s payments newest first with how each came, sum the day, and link each refund to its payment', async () => {
    const cafe = await t.merchant('Cafe');
    const byId = (await pay(payer, { merchantId: cafe.merchantId, amount: 100, reference: 'Table 2' })).json().data
      .transaction;
    const { payload } = (await dynamicQr(cafe, 40, 'BILL-1')).json().data;
    const byQr = (await pay(payer, { payload, amount: 40 })).json().data.transaction;
    const { code } = (await t.post('/merchant/links', cafe, { description: 'Cake' })).json().data;
    const byLink = (await pay(payer, { link: code, amount: 60 })).json().data.transaction;
    const given = await t.post(
      `/merchant/payments/${byId._id}/refund`,
      cafe,
      { amount: 25, reason: 'Cold coffee' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(given.statusCode).toBe(201);

    const listed = await t.inject({ method: 'GET', url: '/api/v1/merchant/payments', cookie: cafe.cookie });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ _id: byLink._id, amount: 60, fee: 0.6, channel: 'link', refunded: 0 }),
      expect.objectContaining({ _id: byQr._id, amount: 40, fee: 0.4, channel: 'dynamic', reference: 'BILL-1' }),
      expect.objectContaining({
        _id: byId._id,
        amount: 100,
        fee: 1,
        refunded: 25,
        channel: 'static',
        reference: 'Table 2',
        payer: { _id: payer.id, name: 'Payer' },
      }),
    ]);
    // Another day has none of them; another merchant sees none of them.
    const yesterday = await t.inject({
      method: 'GET',
      url: '/api/v1/merchant/payments?day=2020-01-01',
      cookie: cafe.cookie,
    });
    expect(yesterday.json().data).toEqual([]);
    const summary = await t.inject({ method: 'GET', url: '/api/v1/merchant/summary', cookie: cafe.cookie });
    // 200 taken, 2 in fees; 25 given back with its 0.25 of fee: 173.25 stays.
    expect(summary.json().data).toMatchObject({
      payments: 3,
      gross: 200,
      fees: 2,
      refunds: 1,
      refunded: 25,
      feesBack: 0.25,
      net: 173.25,
    });
    expect((await balance(cafe)) - 50).toBeCloseTo(173.25, 2);

    // The refund, in both histories, names the payment it gives back.
    for (const person of [payer, cafe]) {
      const history = await t.inject({
        method: 'GET',
        url: '/api/v1/transaction/me?type=refund',
        cookie: person.cookie,
      });
      expect(history.json().data[0]).toMatchObject({ type: 'refund', balance: 25, refundOf: byId._id });
    }
    const notRefund = await t.inject({
      method: 'GET',
      url: '/api/v1/transaction/me?type=payment&limit=1',
      cookie: payer.cookie,
    });
    expect(notRefund.json().data[0]).not.toHaveProperty('refundOf');
  });
});

describe('the MDR', () => {
  it("should hold the contracts' MDR_PERCENT and the database's fees_shape_chk to the same band", async () => {
    const takes = (bp: number) =>
      t.db
        .transaction(async (tx) => {
          await tx.execute(sql`update fees set percent_bp = ${bp} where type = 'payment'`);
          throw new Error('taken');
        })
        .catch((error: Error) => (error.message === 'taken' ? 'taken' : 'refused'));
    const [low, high] = [Math.round(MDR_PERCENT.min * 100), Math.round(MDR_PERCENT.max * 100)];
    expect([await takes(low - 1), await takes(low), await takes(high), await takes(high + 1)]).toEqual([
      'refused',
      'taken',
      'taken',
      'refused',
    ]);
  });

  it('should refuse, at commit, a payment whose fee is taken from anyone but its merchant', async () => {
    const [revenue] = (
      (await t.db.execute(sql`select id from accounts where code = 'FEE_REVENUE'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const byHand = (feeFrom: string) =>
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(transactions)
          .values({ type: 'payment', amount: 10_000n, fee: 100n, senderUserId: payer.id, receiverUserId: shop.id })
          .returning();
        await tx.insert(ledgerEntries).values(
          (
            [
              [payer.walletId, -10_000n, 'amount'],
              [shop.walletId, 10_000n, 'amount'],
              [feeFrom, -100n, 'fee'],
              [revenue!.id, 100n, 'fee'],
            ] as const
          ).map(([accountId, amount, kind]) => ({ transactionId: row!.id, accountId, amount, kind })),
        );
        // The ledger's checks run now, not at a commit: the rollback below keeps nothing.
        await tx.execute(sql`set constraints all immediate`);
        throw new Error('written');
      });
    // What stopped it: the database's words (drizzle wraps them as the cause), or our own throw.
    const stopped = (written: Promise<unknown>) =>
      written.then(
        () => 'committed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await stopped(byHand(payer.walletId))).toMatch(/fee revenue and commission float accounts/);
    // The same entries with the merchant paying are taken (and rolled back here).
    expect(await stopped(byHand(shop.walletId))).toBe('written');
  });

  it('should take a payment fee from 1.00% to 1.15% only, in the API and in the database', async () => {
    const put = (percent: number) =>
      t.inject({
        method: 'PUT',
        url: '/api/v1/admin/fees/payment',
        cookie: admin.cookie,
        payload: { ...FREE_FEE_ROW, percent },
      });
    expect((await put(1.2)).json()).toMatchObject({ statusCode: 409, code: 'MDR_OUT_OF_RANGE' });
    expect((await put(0.99)).json()).toMatchObject({ code: 'MDR_OUT_OF_RANGE' });
    expect((await put(1.15)).statusCode).toBe(200);
    await expect(t.db.execute(sql`update fees set percent_bp = 90 where type = 'payment'`)).rejects.toThrow();
    await expect(t.db.execute(sql`update fees set fixed = 100 where type = 'payment'`)).rejects.toThrow();
    expect((await put(1)).statusCode).toBe(200);
  });
});

function parsed(payload: string) {
  const read = parseMerchantQr(payload);
  if (!read.ok) throw new Error(read.reason);
  return read.qr;
}
