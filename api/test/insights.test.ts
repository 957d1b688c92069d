import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import type { TransactionType } from '@wallet/shared/contracts';
import { maskEmail } from '../src/lib/search';
import { createTestContext, expectLedgerConsistent, type Person, type TestContext } from './helpers';

let t: TestContext;
let admin: Person;
let bank: string;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
  const rows = (await t.db.execute(sql`select id from accounts where code = 'BANK_SETTLEMENT'`)) as unknown as {
    rows: { id: string }[];
  };
  bank = rows.rows[0]!.id;
});
after(() => t.close());

const get = (url: string, person?: Person) => t.inject({ method: 'GET', url: `/api/v1${url}`, cookie: person?.cookie });
const patch = (url: string, by: Person = admin) =>
  t.inject({ method: 'PATCH', url: `/api/v1/admin${url}`, cookie: by.cookie });

/**
 * A movement at a chosen time, written as any SQL client could: the transaction and its two
 * entries, the database's triggers moving the balances and checking the sums at commit.
 */
async function moveAt(
  at: string,
  type: TransactionType,
  taka: number,
  from: Person | null,
  to: Person,
): Promise<string> {
  const amount = BigInt(Math.round(taka * 100));
  return t.db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into transactions (type, amount, sender_user_id, receiver_user_id, created_at)
      values (${type}, ${amount.toString()}::bigint, ${from?.id ?? null}::uuid, ${to.id}, ${at}::timestamptz)
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = inserted.rows[0]!.id;
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at) values
        (${id}, ${from?.walletId ?? bank}, ${(-amount).toString()}::bigint, ${at}::timestamptz),
        (${id}, ${to.walletId}, ${amount.toString()}::bigint, ${at}::timestamptz)`);
    return id;
  });
}

const ids = (response: { json(): { data: { _id: string }[] } }) => response.json().data.map((row) => row._id);

function expectBadRequest(response: { statusCode: number; json(): unknown }, message: RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { success: boolean; statusCode: number; message: string };
  expect(body).toMatchObject({ success: false, statusCode: 400 });
  expect(body.message).toMatch(message);
}

describe('history filters (GET /transaction/me, /admin/transactions)', () => {
  let ann: Person;
  let ben: Person;
  let cara: Person;
  let agent: Person;
  const moved: Record<string, string> = {};
  const tag = `flt${Date.now()}`;

  before(async () => {
    ann = await t.user(`Ann ${tag}`);
    ben = await t.user(`Ben Filterson ${tag}`);
    cara = await t.user(`Cara Quux ${tag}`);
    agent = await t.agent(`Agent ${tag}`, admin);
    moved.deposit = await moveAt('2024-03-01T10:00:00Z', 'deposit', 100, null, ann);
    moved.toBen = await moveAt('2024-03-02T23:59:59.999Z', 'transfer', 10, ann, ben);
    moved.fromCara = await moveAt('2024-03-03T00:00:00Z', 'transfer', 5, cara, ann);
    moved.cashOut = await moveAt('2024-03-05T12:00:00Z', 'cash-out', 20, ann, agent);
    await expectLedgerConsistent(t.db);
  });

  it('should filter a history by type, keyset-paged, with the filtered total', async () => {
    const first = await get('/transaction/me?type=transfer&limit=1', ann);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasNext: true });
    expect(ids(first)).toEqual([moved.fromCara]);
    const next = await get(`/transaction/me?type=transfer&limit=1&page=2&after=${moved.fromCara}`, ann);
    expect(ids(next)).toEqual([moved.toBen]);
    expect(next.json().meta).toMatchObject({ total: 2, hasNext: false });
    expect(ids(await get('/transaction/me?type=deposit', ann))).toEqual([moved.deposit]);
  });

  it('should take whole UTC days, both ends included', async () => {
    expect(ids(await get('/transaction/me?from=2024-03-02&to=2024-03-02', ann))).toEqual([moved.toBen]);
    expect(ids(await get('/transaction/me?from=2024-03-01&to=2024-03-03', ann))).toEqual([
      moved.fromCara,
      moved.toBen,
      moved.deposit,
    ]);
    // From a day on: the seeded cash-out, then the registration bonus of today.
    const since = await get('/transaction/me?from=2024-03-04', ann);
    expect(since.json().data.map((row: { type: string }) => row.type)).toEqual(['bonus', 'cash-out']);
    expect(since.json().meta.total).toBe(2);
    expect(ids(await get('/transaction/me?to=2024-02-29', ann))).toEqual([]);
  });

  it("should find the counterpart's name, case-insensitively, and not the person's own", async () => {
    expect(ids(await get('/transaction/me?q=FILTERSON', ann))).toEqual([moved.toBen]);
    expect(ids(await get('/transaction/me?q=quux', ann))).toEqual([moved.fromCara]);
    expect(ids(await get('/transaction/me?q=%20quux%20&type=transfer&from=2024-03-03&to=2024-03-03', ann))).toEqual([
      moved.fromCara,
    ]);
    expect(ids(await get(`/transaction/me?q=Ann ${tag}`, ann))).toEqual([]);
    expect(ids(await get('/transaction/me?q=%25%25%25', ann))).toEqual([]);
  });

  it("should filter an agent's history the same way", async () => {
    const response = await get(`/transaction/me?type=cash-out&q=ann ${tag}`, agent);
    expect(ids(response)).toEqual([moved.cashOut]);
    expect(ids(await get('/transaction/me?type=cash-in', agent))).toEqual([]);
  });

  it('should filter every transaction for the admin, either party matching q', async () => {
    const byTag = await get(`/admin/transactions?q=${tag}&type=transfer&limit=1`, admin);
    expect(ids(byTag)).toEqual([moved.fromCara]);
    expect(byTag.json().meta).toMatchObject({ total: 2, hasNext: true });
    const next = await get(`/admin/transactions?q=${tag}&type=transfer&limit=1&page=2&after=${moved.fromCara}`, admin);
    expect(ids(next)).toEqual([moved.toBen]);
    expect(ids(await get(`/admin/transactions?q=filterson ${tag}`, admin))).toEqual([
      ids(await get('/transaction/me?type=bonus', ben))[0],
      moved.toBen,
    ]);
    expect(ids(await get(`/admin/transactions?q=${tag}&from=2024-03-05&to=2024-03-05`, admin))).toEqual([
      moved.cashOut,
    ]);
  });

  it('should refuse bad filters with 400 in the envelope', async () => {
    for (const url of ['/transaction/me', '/admin/transactions']) {
      expectBadRequest(await get(`${url}?type=withdraw`, admin), /^Invalid option/);
      expectBadRequest(await get(`${url}?from=2024-13-01`, admin), /^from must be a date written YYYY-MM-DD$/);
      expectBadRequest(await get(`${url}?to=yesterday`, admin), /^to must be a date/);
      expectBadRequest(await get(`${url}?from=2024-03-02&to=2024-03-01`, admin), /^to must not be before from$/);
      expectBadRequest(await get(`${url}?q=a%00b`, admin), /^q must not contain control characters$/);
      expectBadRequest(await get(`${url}?q=${'x'.repeat(101)}`, admin), /^q must be at most 100 characters$/);
      expectBadRequest(await get(`${url}?after=not-an-id`, admin), /^after must be a valid id$/);
      // A search, when given, has at least 3 characters (trimmed); none at all lists as before.
      expectBadRequest(await get(`${url}?q=ab`, admin), /^q must be at least 3 characters$/);
      expectBadRequest(await get(`${url}?q=%20ab%20`, admin), /^q must be at least 3 characters$/);
      expect((await get(`${url}?q=`, admin)).statusCode).toBe(200);
      expect((await get(`${url}?q=abc`, admin)).statusCode).toBe(200);
    }
    for (const url of ['/admin/users', '/admin/agents']) {
      expectBadRequest(await get(`${url}?search=zo`, admin), /^search must be at least 3 characters$/);
      expect((await get(`${url}?search=`, admin)).statusCode).toBe(200);
      expect((await get(`${url}?search=zol`, admin)).statusCode).toBe(200);
    }
  });
});

function parseCsv(text: string) {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('statement (GET /transaction/me/statement)', () => {
  it('should give the period as CSV: owner, opening balance, one line per movement, closing balance', async () => {
    const owner = await t.user('Stella Statement');
    const sly = await t.user('=HYPERLINK("evil","Click"), +1');
    await moveAt('2024-05-31T23:00:00Z', 'deposit', 40, null, owner);
    const deposit = await moveAt('2024-06-01T00:00:00Z', 'deposit', 1000, null, owner);
    const sent = await moveAt('2024-06-10T08:30:00.123Z', 'transfer', 250.5, owner, sly);
    const received = await moveAt('2024-06-30T23:59:59.999Z', 'transfer', 0.05, sly, owner);
    await moveAt('2024-07-01T00:00:00Z', 'deposit', 7, null, owner);

    const response = await get('/transaction/me/statement?from=2024-06-01&to=2024-06-30&format=csv', owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-2024-06-01-2024-06-30.csv"');
    const rows = parseCsv(response.body);
    expect(rows.slice(0, 7)).toEqual([
      ['Statement of', 'Stella Statement'],
      ['Email', owner.email],
      ['Wallet', owner.walletId],
      ['Period', '2024-06-01', '2024-06-30'],
      ['Time zone', 'UTC'],
      ['Generated at', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)],
      ['Opening balance', '40.00'],
    ]);
    expect(rows.slice(7)).toEqual([
      [''],
      ['Date', 'Transaction', 'Type', 'Counterpart', 'Money in', 'Money out', 'Balance'],
      ['2024-06-01T00:00:00.000Z', deposit, 'deposit', '', '1000.00', '', '1040.00'],
      ['2024-06-10T08:30:00.123Z', sent, 'transfer', `'=HYPERLINK("evil","Click"), +1`, '', '250.50', '789.50'],
      ['2024-06-30T23:59:59.999Z', received, 'transfer', `'=HYPERLINK("evil","Click"), +1`, '0.05', '', '789.55'],
      ['Closing balance', '', '', '', '1000.05', '250.50', '789.55'],
    ]);
    // The dangerous name is quoted and neutralised in the file itself.
    expect(response.body).toContain(`"'=HYPERLINK(""evil"",""Click""), +1"`);
    // format defaults to csv; a period with nothing in it still has both balances.
    const empty = parseCsv((await get('/transaction/me/statement?from=2020-01-01&to=2020-01-31', owner)).body);
    expect(empty.at(6)).toEqual(['Opening balance', '0.00']);
    expect(empty.at(-1)).toEqual(['Closing balance', '', '', '', '0.00', '0.00', '0.00']);
  });

  it('should refuse a bad period or format with 400 in the envelope, and anyone without a wallet', async () => {
    const owner = await t.user('Stan Statement');
    const url = '/transaction/me/statement';
    expectBadRequest(await get(`${url}?from=2024-06-02&to=2024-06-01`, owner), /^to must not be before from$/);
    expectBadRequest(await get(`${url}?from=2024-01-01&to=2025-01-01`, owner), /^to a statement covers at most 366/);
    expect((await get(`${url}?from=2024-01-01&to=2024-12-31`, owner)).statusCode).toBe(200);
    expectBadRequest(
      await get(`${url}?from=2024-01-01&to=2024-01-31&format=xlsx`, owner),
      /^format must be csv or pdf$/,
    );
    expectBadRequest(await get(`${url}?to=2024-01-31`, owner), /^from /);
    expectBadRequest(await get(`${url}?from=2024-02-30&to=2024-03-01`, owner), /^from must be a date/);
    expect((await get(`${url}?from=2024-01-01&to=2024-01-31`)).statusCode).toBe(401);
    expect((await get(`${url}?from=2024-01-01&to=2024-01-31`, admin)).statusCode).toBe(403);
  });
});

describe('overview and analytics (GET /analytics/me/overview, /analytics/me)', () => {
  it("should give the balance, this month's money in and out and the five latest movements", async () => {
    const owner = await t.user('Olive Overview');
    const friend = await t.user('Fred Overview');
    await t.post('/wallet/deposit', owner, { balance: 100 });
    await t.post('/wallet/transfer', owner, { receiverId: friend.id, balance: 30.25 });
    await moveAt('2020-01-01T00:00:00Z', 'deposit', 5, null, owner);
    const response = await get('/analytics/me/overview', owner);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const now = new Date().toISOString();
    expect(data).toMatchObject({
      balance: 124.75,
      month: { month: now.slice(0, 7), moneyIn: 150, moneyOut: 30.25 },
    });
    expect(data.latest).toEqual((await get('/transaction/me?limit=5', owner)).json().data.slice(0, 4));
    expect(data.latest).toHaveLength(4);
  });

  it('should chart twelve months per type, the balance per day and the top counterparts', async () => {
    const owner = await t.user('Anna Lytics');
    const people = [];
    for (let i = 0; i < 6; i += 1) people.push(await t.user(`Partner ${i}`));
    const now = new Date();
    const monthsAgo = (months: number, day: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, 12)).toISOString();
    await moveAt(monthsAgo(12, 28), 'deposit', 1000, null, owner); // before the window
    await moveAt(monthsAgo(11, 1), 'deposit', 500, null, owner);
    await moveAt(monthsAgo(11, 1), 'transfer', 100, owner, people[0]!);
    await moveAt(monthsAgo(2, 3), 'transfer', 40, people[1]!, owner);
    for (const [i, person] of people.entries())
      await t.post('/wallet/transfer', owner, { receiverId: person.id, balance: i + 1 });

    const response = await get('/analytics/me', owner);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const month = (months: number) => monthsAgo(months, 1).slice(0, 7);
    expect(data.months).toEqual([
      { month: month(11), type: 'deposit', moneyIn: 500, moneyOut: 0, fees: 0, commissions: 0 },
      { month: month(11), type: 'transfer', moneyIn: 0, moneyOut: 100, fees: 0, commissions: 0 },
      { month: month(2), type: 'transfer', moneyIn: 40, moneyOut: 0, fees: 0, commissions: 0 },
      { month: month(0), type: 'bonus', moneyIn: 50, moneyOut: 0, fees: 0, commissions: 0 },
      { month: month(0), type: 'transfer', moneyIn: 0, moneyOut: 21, fees: 0, commissions: 0 },
    ]);
    expect(data.balance).toEqual([
      { day: monthsAgo(11, 1).slice(0, 10), balance: 1400 },
      { day: monthsAgo(2, 3).slice(0, 10), balance: 1440 },
      { day: now.toISOString().slice(0, 10), balance: 1469 },
    ]);
    expect(data.balance.at(-1).balance).toBe(await t.balance(owner));
    expect(data.counterparts).toEqual([
      {
        _id: people[0]!.id,
        name: 'Partner 0',
        email: maskEmail(people[0]!.email),
        count: 2,
        moneyIn: 0,
        moneyOut: 101,
      },
      { _id: people[1]!.id, name: 'Partner 1', email: maskEmail(people[1]!.email), count: 2, moneyIn: 40, moneyOut: 2 },
      { _id: people[5]!.id, name: 'Partner 5', email: maskEmail(people[5]!.email), count: 1, moneyIn: 0, moneyOut: 6 },
      { _id: people[4]!.id, name: 'Partner 4', email: maskEmail(people[4]!.email), count: 1, moneyIn: 0, moneyOut: 5 },
      { _id: people[3]!.id, name: 'Partner 3', email: maskEmail(people[3]!.email), count: 1, moneyIn: 0, moneyOut: 4 },
    ]);
  });

  it('should give an agent their own figures and refuse an admin (no wallet)', async () => {
    const agent = await t.agent('Agent Overview', admin);
    expect((await get('/analytics/me/overview', agent)).json().data).toMatchObject({ balance: 50 });
    expect((await get('/analytics/me', agent)).statusCode).toBe(200);
    expect((await get('/analytics/me', admin)).statusCode).toBe(403);
    expect((await get('/analytics/me/overview')).statusCode).toBe(401);
  });
});

describe('admin analytics (GET /admin/analytics)', () => {
  it('should count and sum every transaction per UTC day and type over the last N days', async () => {
    const ann = await t.user('Ann Admin-analytics');
    await t.post('/wallet/deposit', ann, { balance: 12.34 });
    await moveAt(new Date(Date.now() - 2 * 86_400_000).toISOString(), 'deposit', 1, null, ann);
    const expected = (await t.db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, type::text as type,
             count(*)::int as count, (sum(amount) / 100.0)::float8 as amount
      from transactions where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '2 days'
      group by 1, transactions.type order by 1, transactions.type`)) as unknown as {
      rows: { day: string; type: string; count: number; amount: number }[];
    };
    const response = await get('/admin/analytics?days=3', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.days).toEqual(expected.rows.map((row) => ({ ...row, count: Number(row.count) })));
    const today = (await get('/admin/analytics?days=1', admin)).json().data.days;
    expect(today.every((row: { day: string }) => row.day === new Date().toISOString().slice(0, 10))).toBe(true);
    expect((await get('/admin/analytics', admin)).statusCode).toBe(200);
    for (const days of ['0', '367', 'abc', '1.5', '-1']) {
      expectBadRequest(
        await get(`/admin/analytics?days=${days}`, admin),
        /^days must be a whole number from 1 to 366$/,
      );
    }
    expect((await get('/admin/analytics', ann)).statusCode).toBe(403);
  });
});

describe('audit trail (GET /admin/audit-log, /admin/admins)', () => {
  it('should record each admin action with who, when, what and whom, newest first, filtered and keyset-paged', async () => {
    const auditor = await t.admin();
    const person = await t.user('Audited Person');
    const holder = await t.user('Wallet Holder');
    expect((await patch(`/approve/${person.id}`, auditor)).statusCode).toBe(200);
    expect((await patch(`/suspend/${person.id}`, auditor)).statusCode).toBe(200);
    expect((await patch(`/suspend/${person.id}`, auditor)).statusCode).toBe(409); // refused: not recorded
    expect((await patch(`/reactivate/${person.id}`, auditor)).statusCode).toBe(200);
    expect((await patch(`/block/${holder.walletId}`, auditor)).statusCode).toBe(200);
    expect((await patch(`/unblock/${holder.walletId}`, auditor)).statusCode).toBe(200);

    const response = await get(`/admin/audit-log?adminId=${auditor.id}`, admin);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data;
    const who = { _id: auditor.id, name: expect.any(String), email: auditor.email };
    const personTarget = { _id: person.id, name: 'Audited Person', email: person.email, walletId: null };
    const holderTarget = { _id: holder.id, name: 'Wallet Holder', email: holder.email, walletId: holder.walletId };
    const row = (action: string, target: object) => ({
      _id: expect.any(String),
      action,
      admin: who,
      target,
      reason: null,
      change: null,
      transactionId: null,
      createdAt: expect.any(String),
    });
    expect(rows).toEqual([
      row('unblock', holderTarget),
      row('block', holderTarget),
      row('reactivate', personTarget),
      row('suspend', personTarget),
      row('approve', personTarget),
      // The auditor's own sign-in, as every staff sign-in is recorded.
      { ...row('staff_sign_in', { ...who, walletId: null }), reason: 'from 127.0.0.1' },
    ]);
    expect(response.json().meta).toMatchObject({ total: 6, hasNext: false });

    const blocks = (await get(`/admin/audit-log?adminId=${auditor.id}&action=block`, admin)).json();
    expect(blocks.data.map((row: { action: string }) => row.action)).toEqual(['block']);
    const first = (await get(`/admin/audit-log?adminId=${auditor.id}&limit=2`, admin)).json();
    expect(first.meta).toMatchObject({ total: 6, totalPages: 3, hasNext: true });
    const second = (
      await get(`/admin/audit-log?adminId=${auditor.id}&limit=2&page=2&after=${first.data[1]._id}`, admin)
    ).json();
    expect(second.data.map((row: { action: string }) => row.action)).toEqual(['reactivate', 'suspend']);
    // Every admin's actions, this one's among them.
    const all = (await get('/admin/audit-log?limit=100', admin)).json();
    expect(all.data.map((row: { _id: string }) => row._id)).toEqual(
      expect.arrayContaining(rows.map((row: { _id: string }) => row._id)),
    );

    const admins = (await get('/admin/admins', admin)).json().data;
    expect(admins).toEqual(
      expect.arrayContaining([
        { _id: auditor.id, name: expect.any(String), email: auditor.email },
        { _id: admin.id, name: expect.any(String), email: admin.email },
      ]),
    );
    expect(admins.every((row: object) => Object.keys(row).sort().join() === '_id,email,name')).toBe(true);
  });

  it('should keep the audit trail append-only in the database', async () => {
    const holder = await t.user('Append Only');
    await patch(`/block/${holder.walletId}`);
    const attempt = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'done',
        (error: { message?: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message}`,
      );
    expect(await attempt(sql`update audit_log set action = 'unblock'`)).toMatch(/UPDATE of audit_log is refused/);
    expect(await attempt(sql`delete from audit_log`)).toMatch(/DELETE of audit_log is refused/);
    // The API's role may not truncate at all (PostgreSQL); any role that may meets the trigger.
    expect(await attempt(sql`truncate audit_log`)).toMatch(
      /TRUNCATE of audit_log is refused|permission denied for table audit_log/,
    );
    const left = (await t.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(left.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('should refuse bad filters with 400 and non-admins with 403', async () => {
    expectBadRequest(await get('/admin/audit-log?action=delete', admin), /^Invalid option/);
    expectBadRequest(await get('/admin/audit-log?adminId=42', admin), /^adminId must be a valid id$/);
    expectBadRequest(await get('/admin/audit-log?limit=0', admin), /^limit must be a whole number/);
    const user = await t.user('Not Admin');
    expect((await get('/admin/audit-log', user)).statusCode).toBe(403);
    expect((await get('/admin/admins', user)).statusCode).toBe(403);
    expect((await get('/admin/admins')).statusCode).toBe(401);
  });
});
