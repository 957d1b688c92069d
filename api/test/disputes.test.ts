import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql, type SQL } from 'drizzle-orm';
import {
  createTestContext,
  expectLedgerConsistent,
  ledgerState,
  type Person,
  setFees,
  type TestContext,
} from './helpers';

/*
 * Disputes: the sender reports a transfer within 7 × 24 hours (POST /transaction/{id}/dispute),
 * admins decide the queue (GET and PATCH /admin/disputes), reversing the transfer or rejecting
 * the report with a reason, and the sender sees the outcome in their history and their reports.
 */

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const REASON = 'I sent it to the wrong number: one digit off';

const report = (person: Person, transactionId: string, reason = REASON) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/transaction/${transactionId}/dispute`,
    cookie: person.cookie,
    payload: { reason },
  });
const decide = (id: string, decision: string, reason = 'Checked with both parties', cookie = admin.cookie) =>
  t.inject({ method: 'PATCH', url: `/api/v1/admin/disputes/${id}`, cookie, payload: { decision, reason } });
const queue = async (status = 'open') =>
  (
    await t.inject({ method: 'GET', url: `/api/v1/admin/disputes?status=${status}&limit=100`, cookie: admin.cookie })
  ).json().data as { _id: string; transactionId: string; reportedAt: string }[];
const history = async (person: Person) =>
  (await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie: person.cookie })).json().data as {
    _id: string;
    type: string;
    reversedBy: string | null;
    dispute: { _id: string; status: string; decision: string | null } | null;
  }[];

async function sent(from: Person, to: Person, balance: number) {
  const response = await t.post('/wallet/transfer', from, { receiverId: to.id, balance });
  expect(response.statusCode).toBe(201);
  return response.json().data.transaction as { _id: string };
}

/** A transfer written straight into the ledger `hoursAgo` hours ago, as if made then. */
async function sentHoursAgo(from: Person, to: Person, hoursAgo: number) {
  const [row] = await rows<{ id: string }>(sql`
    with moved as (
      insert into transactions (type, amount, sender_user_id, receiver_user_id, created_at)
      values ('transfer', 500, ${from.id}, ${to.id}, clock_timestamp() - make_interval(secs => ${hoursAgo * 3600}))
      returning id, created_at)
    , entries as (
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select id, ${from.walletId}::uuid, -500::bigint, created_at from moved
      union all select id, ${to.walletId}::uuid, 500::bigint, created_at from moved)
    select id from moved`);
  return row!.id;
}

describe('reporting a transfer', () => {
  it('should take a report from the sender, once, and list it with its transfer as open', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 20);

    const response = await report(ann, transfer._id, `  ${REASON}  `);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Your report was sent. We will look into it within 24 hours.',
      data: {
        transactionId: transfer._id,
        status: 'open',
        reason: REASON,
        decision: null,
        reversalId: null,
        decidedAt: null,
        transaction: { _id: transfer._id, type: 'transfer', balance: 20, sender: { _id: ann.id } },
      },
    });
    const dispute = response.json().data._id;
    expect((await report(ann, transfer._id)).json()).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REPORTED',
      message: 'This transfer has already been reported',
    });
    // The sender sees the report on the transfer; the receiver does not.
    expect((await history(ann))[0]).toMatchObject({
      _id: transfer._id,
      dispute: { _id: dispute, status: 'open', decision: null },
    });
    expect((await history(ben))[0]).toMatchObject({ _id: transfer._id, dispute: null });
    const mine = await t.inject({ method: 'GET', url: '/api/v1/transaction/disputes', cookie: ann.cookie });
    expect(mine.json().data.map((row: { _id: string }) => row._id)).toEqual([dispute]);
    expect((await queue()).map((row) => row._id)).toContain(dispute);
  });

  it('should refuse a report from anyone but the sender, of anything but a transfer, or with no reason', async () => {
    const [ann, ben, cara] = [await t.user('Ann'), await t.user('Ben'), await t.user('Cara')];
    const agent = await t.agent('Agent', admin);
    const transfer = await sent(ann, ben, 10);
    expect((await report(ben, transfer._id)).json()).toMatchObject({
      statusCode: 403,
      code: 'NOT_SENDER',
      message: 'Only the sender of a transfer can report it',
    });
    expect((await report(cara, transfer._id)).json()).toMatchObject({ statusCode: 404, code: 'TRANSACTION_NOT_FOUND' });
    expect((await report(ann, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      statusCode: 404,
      code: 'TRANSACTION_NOT_FOUND',
    });
    expect((await report(ann, 'not-an-id')).statusCode).toBe(400);
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const cashOut = (await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 50 })).json().data.transaction;
    expect((await report(ann, cashOut._id)).json()).toMatchObject({ statusCode: 400, code: 'NOT_DISPUTABLE' });
    const deposit = (await t.post('/wallet/deposit', ann, { balance: 5 })).json().data.transaction;
    expect((await report(ann, deposit._id)).json()).toMatchObject({ statusCode: 400, code: 'NOT_DISPUTABLE' });
    expect((await report(ann, transfer._id, '   ')).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await report(ann, transfer._id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await report(ann, transfer._id, 'wrong\u0000person')).statusCode).toBe(400);
    // Agents and admins have no transfers of their own to report.
    expect((await report(agent, transfer._id)).statusCode).toBe(403);
    expect((await report(admin, transfer._id)).statusCode).toBe(403);
    const [count] = await rows<{ count: number }>(
      sql`select count(*)::int as count from disputes where transaction_id = ${transfer._id}`,
    );
    expect(count!.count).toBe(0);
  });

  it('should keep the line breaks of a reason typed on several lines, and refuse any other control character', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 5);
    expect((await report(ann, transfer._id, 'Wrong\tnumber')).json()).toMatchObject({
      statusCode: 400,
      message: 'reason must not contain control characters',
    });
    const response = await report(ann, transfer._id, 'Wrong number.\r\nI meant Ben B.\n');
    expect(response.statusCode).toBe(201);
    expect(response.json().data.reason).toBe('Wrong number.\nI meant Ben B.');
  });

  it('should take a report up to 7 × 24 hours after the transfer, and refuse one after', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const inTime = await sentHoursAgo(ann, ben, 7 * 24 - 1 / 60);
    const tooLate = await sentHoursAgo(ann, ben, 7 * 24 + 1 / 3600);
    expect((await report(ann, inTime)).statusCode).toBe(201);
    expect((await report(ann, tooLate)).json()).toMatchObject({
      statusCode: 409,
      code: 'REPORT_TOO_LATE',
      message: 'A transfer can be reported within 7 days of it; this one is older',
    });
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a report of a transfer already reversed', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 10);
    const reversed = await t.inject({
      method: 'POST',
      url: `/api/v1/admin/reverse/${transfer._id}`,
      cookie: admin.cookie,
      payload: { reason: 'Called the support line' },
    });
    expect(reversed.statusCode).toBe(201);
    expect((await report(ann, transfer._id)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_REVERSED' });
  });
});

describe('deciding a report', () => {
  it('should reverse the transfer with its fee, close the report with the reason, and show the sender the outcome', async () => {
    await setFees(t.db, 'transfer', { percentBp: 100 });
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 30);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([19.7, 80]);
    const dispute = (await report(ann, transfer._id)).json().data._id;

    expect((await decide(dispute, 'reverse', 'Confirmed', ben.cookie)).statusCode).toBe(403);
    expect((await decide(dispute, 'undo')).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const response = await decide(dispute, 'reverse', 'Ben confirmed he was not the payee');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Transfer reversed' });
    const decided = response.json().data;
    expect(decided).toMatchObject({
      status: 'reversed',
      decision: 'Ben confirmed he was not the payee',
      transaction: { _id: transfer._id },
    });
    expect(decided.reversalId).toEqual(decided.transaction.reversedBy);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([50, 50]);
    expect((await history(ann)).find((row) => row._id === transfer._id)).toMatchObject({
      reversedBy: decided.reversalId,
      dispute: { _id: dispute, status: 'reversed', decision: 'Ben confirmed he was not the payee' },
    });
    // Decided once; the audit log has the reversal with the admin's reason.
    expect((await decide(dispute, 'reject')).json()).toMatchObject({
      statusCode: 409,
      code: 'DISPUTE_DECIDED',
      message: 'This report was already decided',
    });
    const [audit] = await rows<{ action: string; reason: string; transaction_id: string }>(
      sql`select action::text as action, reason, transaction_id from audit_log where transaction_id = ${decided.reversalId}`,
    );
    expect(audit).toEqual({
      action: 'reverse',
      reason: 'Ben confirmed he was not the payee',
      transaction_id: decided.reversalId,
    });
    expect((await queue('reversed')).map((row) => row._id)).toContain(dispute);
    expect((await queue()).map((row) => row._id)).not.toContain(dispute);
    await setFees(t.db, 'transfer', {});
    await expectLedgerConsistent(t.db);
  });

  it('should reject a report with the reason, audited, moving nothing', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 15);
    const dispute = (await report(ann, transfer._id)).json().data._id;
    const before = await ledgerState(t.db);
    const response = await decide(dispute, 'reject', 'The receiver delivered the goods');
    expect(response.json()).toMatchObject({
      message: 'Report rejected',
      data: { status: 'rejected', decision: 'The receiver delivered the goods', reversalId: null },
    });
    // No money moved; the sender was told the outcome.
    expect(await ledgerState(t.db)).toEqual({ ...before, notifications: before.notifications + 1 });
    expect((await history(ann))[0]).toMatchObject({
      reversedBy: null,
      dispute: { status: 'rejected', decision: 'The receiver delivered the goods' },
    });
    const audit = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=dispute_reject',
      cookie: admin.cookie,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'dispute_reject',
      admin: { _id: admin.id },
      target: { _id: ann.id },
      reason: 'The receiver delivered the goods',
      transactionId: transfer._id,
    });
    // A rejected report is final: the transfer cannot be reported again.
    expect((await report(ann, transfer._id)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_REPORTED' });
    expect((await decide('00000000-0000-4000-8000-000000000000', 'reject')).json()).toMatchObject({
      statusCode: 404,
      code: 'DISPUTE_NOT_FOUND',
    });
  });

  it('should keep a report open when the money is gone, and close it when the transfer is reversed directly', async () => {
    const [ann, ben, cara] = [await t.user('Ann'), await t.user('Ben'), await t.user('Cara')];
    const transfer = await sent(ann, ben, 40);
    const dispute = (await report(ann, transfer._id)).json().data._id;
    await sent(ben, cara, 80);
    const before = await ledgerState(t.db);
    expect((await decide(dispute, 'reverse')).json()).toMatchObject({ statusCode: 409, code: 'FUNDS_GONE' });
    expect(await ledgerState(t.db)).toEqual(before);
    expect((await queue()).map((row) => row._id)).toContain(dispute);

    await sent(cara, ben, 40);
    const reversal = await t.inject({
      method: 'POST',
      url: `/api/v1/admin/reverse/${transfer._id}`,
      cookie: admin.cookie,
      payload: { reason: 'Reversed from All Transactions' },
    });
    expect(reversal.statusCode).toBe(201);
    const [row] = await rows<{ status: string; reversal_id: string; decision: string }>(
      sql`select status::text as status, reversal_id, decision from disputes where id = ${dispute}`,
    );
    expect(row).toEqual({
      status: 'reversed',
      reversal_id: reversal.json().data._id,
      decision: 'Reversed from All Transactions',
    });
  });

  it('should list the open queue oldest first and the decided newest first', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const transfer = await sent(ann, ben, 1);
      ids.push((await report(ann, transfer._id)).json().data._id);
    }
    const open = (await queue()).map((row) => row._id).filter((id) => ids.includes(id));
    expect(open).toEqual(ids);
    const paged = await t.inject({
      method: 'GET',
      url: `/api/v1/admin/disputes?status=open&limit=1&after=${ids[0]}`,
      cookie: admin.cookie,
    });
    expect(paged.json().data[0]._id).not.toBe(ids[0]);
    for (const id of ids) await decide(id, 'reject');
    const rejected = (await queue('rejected')).map((row) => row._id).filter((id) => ids.includes(id));
    expect(rejected).toEqual([...ids].reverse());
    expect((await t.inject({ method: 'GET', url: '/api/v1/admin/disputes', cookie: ann.cookie })).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/admin/disputes?status=closed', cookie: admin.cookie })).statusCode,
    ).toBe(400);
  });

  it('should decide a report once when two admins decide it at the same time', async () => {
    const other = await t.admin();
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 10);
    const dispute = (await report(ann, transfer._id)).json().data._id;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => decide(dispute, 'reverse')),
      ...Array.from({ length: 10 }, () => decide(dispute, 'reject', 'No', other.cookie)),
      // One more admin reverses the transfer straight from All Transactions.
      t.inject({
        method: 'POST',
        url: `/api/v1/admin/reverse/${transfer._id}`,
        cookie: other.cookie,
        payload: { reason: 'Direct' },
      }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const [row] = await rows<{ reversals: number; status: string }>(sql`
      select (select count(*)::int from transactions where reverses = ${transfer._id}) as reversals,
             (select status::text from disputes where id = ${dispute}) as status`);
    expect(row!.status === 'reversed' ? row!.reversals : row!.reversals + 1).toBe(1);
    await expectLedgerConsistent(t.db);
  });
});

describe('the database keeps reports true', () => {
  const write = (query: SQL) =>
    t.db
      .transaction((tx) => tx.execute(query))
      .then(
        () => 'written',
        (error: { message?: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message ?? ''}`,
      );

  it('should refuse, in raw SQL, a report by anyone but the sender, of anything but a transfer, or too late', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 10);
    const old = await sentHoursAgo(ann, ben, 7 * 24 + 1);
    const deposit = (await t.post('/wallet/deposit', ann, { balance: 5 })).json().data.transaction;
    const refused = /a report is of a transfer, by its sender, within 7 days of it/;
    expect(
      await write(
        sql`insert into disputes (transaction_id, reporter_id, reason) values (${transfer._id}, ${ben.id}, 'x')`,
      ),
    ).toMatch(refused);
    expect(
      await write(sql`insert into disputes (transaction_id, reporter_id, reason) values (${old}, ${ann.id}, 'x')`),
    ).toMatch(refused);
    expect(
      await write(
        sql`insert into disputes (transaction_id, reporter_id, reason) values (${deposit._id}, ${ann.id}, 'x')`,
      ),
    ).toMatch(refused);
  });

  it('should refuse, in raw SQL, a second decision, a reversal that is not of the transfer, and a deletion', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await sent(ann, ben, 10);
    const other = await sent(ann, ben, 5);
    const dispute = (await report(ann, transfer._id)).json().data._id;
    const otherReversal = (
      await t.inject({
        method: 'POST',
        url: `/api/v1/admin/reverse/${other._id}`,
        cookie: admin.cookie,
        payload: { reason: 'Another one' },
      })
    ).json().data._id;
    expect(
      await write(sql`update disputes set status = 'reversed', reversal_id = ${otherReversal}, decision = 'x',
        decided_by = ${admin.id}, decided_at = now() where id = ${dispute}`),
    ).toMatch(/a reversed report names the reversal of its transfer/);
    expect(await write(sql`update disputes set status = 'rejected', decision = null where id = ${dispute}`)).toMatch(
      /disputes_decided_chk/,
    );
    expect(await write(sql`update disputes set reason = 'changed' where id = ${dispute}`)).toMatch(
      /what was reported is never changed/,
    );
    expect((await decide(dispute, 'reject')).statusCode).toBe(200);
    expect(await write(sql`update disputes set decision = 'Changed my mind' where id = ${dispute}`)).toMatch(
      /a report is decided once/,
    );
    expect(await write(sql`delete from disputes where id = ${dispute}`)).toMatch(/DELETE of disputes is refused/);
  });
});
