import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import {
  createTestContext,
  expectLedgerConsistent,
  expectWriteRefused,
  outsideClient,
  transferredAt,
  type Person,
  type TestContext,
} from './helpers';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestContext;
let owner: Person;
let ana: Person;
let bo: Person;
before(async () => {
  t = await createTestContext({ SECOND_APPROVAL: 'required' });
  owner = await t.admin();
  [ana, bo] = [await t.staff(['FINANCE'], owner), await t.staff(['FINANCE'], owner)];
});
after(() => t.close());

const CASH_OUT = {
  percent: 1.5,
  fixed: 0,
  minimum: null,
  maximum: null,
  freeMonthly: null,
  agentShare: 22,
  agentCommission: 0,
};
const putFee = (by: Person, row: object, type = 'cash-out') =>
  t.inject({ method: 'PUT', url: `/api/v1/admin/fees/${type}`, cookie: by.cookie, payload: row });
const decide = (by: Person, id: string, decision: 'approve' | 'reject', payload?: object) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${id}/${decision}`,
    cookie: by.cookie,
    ...(payload ? { payload } : {}),
  });
const cashOutPercent = async () =>
  (
    (await t.db.execute(sql`select percent_bp from fees where type = 'cash-out'`)) as unknown as {
      rows: { percent_bp: number }[];
    }
  ).rows[0]!.percent_bp;
const audit = async (action: string) =>
  (
    (await t.db.execute(
      sql`select admin_id, reason from audit_log where action = ${action}::audit_action order by created_at`,
    )) as unknown as { rows: { admin_id: string; reason: string }[] }
  ).rows;

describe('second approvals (SECOND_APPROVAL=required)', () => {
  it('should change no fee on one member’s word, and apply it once another approves, both audited', async () => {
    const percentBefore = await cashOutPercent();
    const proposed = await putFee(ana, CASH_OUT);
    expect(proposed.statusCode).toBe(202);
    const proposal = proposed.json().data;
    expect(proposed.json().message).toBe('Proposed: this waits for a second approval');
    expect(proposal).toMatchObject({
      kind: 'fee_change',
      status: 'pending',
      proposedBy: { _id: ana.id },
      change: { type: 'cash-out', before: { percent: 1.85 }, after: { percent: 1.5 } },
      decidedBy: null,
    });
    expect(await cashOutPercent()).toBe(percentBefore);
    // A schedule that could mint money is refused at once, not proposed.
    expect((await putFee(ana, { ...CASH_OUT, percent: 0.1, agentCommission: 0 }, 'cash-in')).statusCode).toBe(400);

    const waiting = await t.inject({ method: 'GET', url: '/api/v1/admin/approvals', cookie: bo.cookie });
    expect(waiting.json().data.map((row: { _id: string }) => row._id)).toContain(proposal._id);
    // A second proposal for the same row waits its turn.
    expect((await putFee(bo, CASH_OUT)).json()).toMatchObject({ statusCode: 409, code: 'APPROVAL_WAITING' });

    // The proposer cannot approve it, through the API or by a write to the table.
    expect((await decide(ana, proposal._id, 'approve')).json()).toMatchObject({
      statusCode: 403,
      code: 'OWN_PROPOSAL',
    });
    await expectWriteRefused(
      t.db,
      (tx) =>
        tx.execute(
          sql`update approvals set state = 'approved', decided_by = proposed_by, decided_at = now() where id = ${proposal._id}`,
        ),
      /approvals_second_person_chk/,
    );
    expect(await cashOutPercent()).toBe(percentBefore);

    const approved = await decide(bo, proposal._id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decidedBy: { _id: bo.id } });
    expect(await cashOutPercent()).toBe(150);
    expect((await decide(bo, proposal._id, 'approve')).json()).toMatchObject({ code: 'APPROVAL_DECIDED' });

    expect((await audit('approval_propose')).at(-1)).toMatchObject({ admin_id: ana.id });
    expect((await audit('approval_approve')).at(-1)).toMatchObject({ admin_id: bo.id });
    expect((await audit('fee_change')).at(-1)).toEqual({
      admin_id: bo.id,
      reason: `Second approval: proposed by ${ana.email}, approval ${proposal._id}`,
    });
  });

  it('should apply two approvals at once exactly once', async () => {
    const cy = await t.staff(['FINANCE'], owner);
    const proposal = (await putFee(ana, { ...CASH_OUT, percent: 1.6 })).json().data;
    const changesBefore = (await audit('fee_change')).length;
    // On PostgreSQL the two overlap for sure: the fee rows are held by another session until both wait.
    const holder = onPostgres ? await outsideClient(t.database) : null;
    await holder?.query("begin; select * from fees where type = 'cash-out' for update");
    const pending = Promise.all([decide(bo, proposal._id, 'approve'), decide(cy, proposal._id, 'approve')]);
    if (holder) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      await holder.end();
    }
    const answers = await pending;
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // The second waited for the first on the proposal's row, and found it decided.
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('APPROVAL_DECIDED');
    expect((await audit('fee_change')).length).toBe(changesBefore + 1);
    expect(await cashOutPercent()).toBe(160);
  });

  it('should void a proposal whose row changed since, expire one after 72 hours, and reject with a reason', async () => {
    const stale = (await putFee(ana, { ...CASH_OUT, percent: 1.7 })).json().data;
    await t.db.execute(sql`update fees set updated_at = clock_timestamp() where type = 'cash-out'`);
    expect((await decide(bo, stale._id, 'approve')).json()).toMatchObject({ statusCode: 409, code: 'APPROVAL_VOID' });
    expect(await cashOutPercent()).toBe(160);

    const late = (await putFee(ana, { ...CASH_OUT, percent: 1.7 })).json().data;
    await t.db.execute(
      sql`update approvals set expires_at = clock_timestamp() - interval '1 minute' where id = ${late._id}`,
    );
    expect((await decide(bo, late._id, 'approve')).json()).toMatchObject({ statusCode: 409, code: 'APPROVAL_EXPIRED' });
    const expired = await t.inject({ method: 'GET', url: '/api/v1/admin/approvals?status=expired', cookie: bo.cookie });
    expect(expired.json().data).toContainEqual(expect.objectContaining({ _id: late._id, status: 'expired' }));

    // Past its time, the next proposal for the row may come.
    const next = (await putFee(ana, { ...CASH_OUT, percent: 1.7 })).json().data;
    const rejected = await decide(bo, next._id, 'reject', { reason: 'Not this quarter' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', decisionReason: 'Not this quarter' });
    expect(await cashOutPercent()).toBe(160);
    expect((await audit('approval_reject')).at(-1)!.reason).toContain('Not this quarter');
  });

  it('should take a change of limits the same way', async () => {
    const put = (by: Person) =>
      t.inject({
        method: 'PUT',
        url: '/api/v1/admin/limits/KYC_APPROVED/transfer',
        cookie: by.cookie,
        payload: { maxAmount: 100, dailyAmount: 150 },
      });
    const proposed = await put(ana);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().data.change).toMatchObject({
      holder: 'KYC_APPROVED',
      scope: 'transfer',
      before: { maxAmount: 50_000 },
      after: { maxAmount: 100 },
    });
    const max = async () =>
      (
        (await t.db.execute(
          sql`select max_amount::int as max from limits where holder = 'KYC_APPROVED' and type = 'transfer'`,
        )) as unknown as { rows: { max: number }[] }
      ).rows[0]!.max;
    expect(await max()).toBe(5_000_000);
    expect((await decide(bo, proposed.json().data._id, 'approve')).statusCode).toBe(200);
    expect(await max()).toBe(10_000);
    // Back, for the reversals below.
    const back = await t.inject({
      method: 'PUT',
      url: '/api/v1/admin/limits/KYC_APPROVED/transfer',
      cookie: bo.cookie,
      payload: { maxAmount: 50_000, dailyAmount: 50_000, monthlyAmount: 300_000 },
    });
    expect((await decide(ana, back.json().data._id, 'approve')).statusCode).toBe(200);
  });

  it('should hold a large or old reversal for a second approval, from either door, and let a small new one through', async () => {
    const [sam, tia] = [await t.user('Sam'), await t.user('Tia')];
    await t.post('/wallet/deposit', sam, { balance: 20_000 });
    const send = async (balance: number) =>
      (await t.post('/wallet/transfer', sam, { receiverId: tia.id, balance })).json().data.transaction._id as string;
    const reverse = (by: Person, id: string) =>
      t.inject({
        method: 'POST',
        url: `/api/v1/admin/reverse/${id}`,
        cookie: by.cookie,
        payload: { reason: 'Sent by mistake' },
      });
    const reversed = async (id: string) =>
      (
        (await t.db.execute(sql`select count(*)::int as n from transactions where reverses = ${id}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;

    // Small and new: at once, as before.
    const small = await send(100);
    expect((await reverse(ana, small)).statusCode).toBe(201);

    // Above 5,000 Taka: a proposal; nothing moves until a second member approves.
    const large = await send(6_000);
    const proposed = await reverse(ana, large);
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().data).toMatchObject({ kind: 'reversal', reversal: { transactionId: large, amount: 6_000 } });
    expect(await reversed(large)).toBe(0);
    expect((await decide(bo, proposed.json().data._id, 'approve')).statusCode).toBe(200);
    expect(await reversed(large)).toBe(1);

    // Older than 7 days, however small.
    await transferredAt(t.db, sam, tia, 1_000, new Date(Date.now() - 8 * 86_400_000).toISOString());
    const [old] = (
      (await t.db.execute(
        sql`select id from transactions where sender_user_id = ${sam.id} and amount = 1000 order by created_at limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await reverse(ana, old!.id)).statusCode).toBe(202);
    // What a reversal refuses at once is refused, never proposed: a transfer reversed already.
    expect((await reverse(ana, large)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_REVERSED' });

    // From a report: the decision waits, the report stays open, then the approval decides it.
    const reported = await send(5_500);
    const report = await t.post(`/transaction/${reported}/dispute`, sam, { reason: 'Wrong person' });
    expect(report.statusCode).toBe(201);
    const disputeId = report.json().data._id as string;
    const decided = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/disputes/${disputeId}`,
      cookie: ana.cookie,
      payload: { decision: 'reverse', reason: 'The receiver confirmed the mistake' },
    });
    expect(decided.statusCode).toBe(202);
    expect(decided.json().data.reversal).toMatchObject({ transactionId: reported, disputeId });
    const status = async () =>
      (
        (await t.db.execute(sql`select status::text from disputes where id = ${disputeId}`)) as unknown as {
          rows: { status: string }[];
        }
      ).rows[0]!.status;
    expect(await status()).toBe('open');
    expect((await decide(bo, decided.json().data._id, 'approve')).statusCode).toBe(200);
    expect(await status()).toBe('reversed');
    expect(await reversed(reported)).toBe(1);
    await expectLedgerConsistent(t.db);
  });

  it('should fund the commission float only when a FINANCE member approves an owner’s proposal', async () => {
    const floatNow = async () =>
      (await t.inject({ method: 'GET', url: '/api/v1/admin/commission-float', cookie: owner.cookie })).json().data
        .balance as number;
    const before = await floatNow();
    // Only an owner funds it.
    expect((await t.post('/admin/commission-float', ana, { amount: 500, source: 'deposit' })).json()).toMatchObject({
      statusCode: 403,
      code: 'ROLE_NOT_ALLOWED',
    });
    const proposed = await t.post('/admin/commission-float', owner, { amount: 500, source: 'deposit' });
    expect(proposed.statusCode).toBe(202);
    const proposal = proposed.json().data;
    expect(proposal).toMatchObject({
      kind: 'float_funding',
      status: 'pending',
      proposedBy: { _id: owner.id },
      funding: { amount: 500, source: 'deposit', floatBefore: before },
      change: null,
      reversal: null,
    });
    expect(await floatNow()).toBe(before);
    expect((await t.post('/admin/commission-float', owner, { amount: 1, source: 'deposit' })).json()).toMatchObject({
      code: 'APPROVAL_WAITING',
    });

    expect((await decide(ana, proposal._id, 'approve')).statusCode).toBe(200);
    expect(await floatNow()).toBe(before + 500);
    expect((await decide(bo, proposal._id, 'approve')).json()).toMatchObject({ code: 'APPROVAL_DECIDED' });
    expect(await floatNow()).toBe(before + 500);
    expect((await audit('float_fund')).at(-1)).toEqual({
      admin_id: ana.id,
      reason: expect.stringMatching(
        new RegExp(
          `^Funded the commission float with 500 Taka from a deposit from the bank, transaction [0-9a-f-]+ \\(Second approval: proposed by ${owner.email.replace(/[.+]/g, '\\$&')}, approval ${proposal._id}\\)$`,
        ),
      ),
    });

    // Fee revenue funds only what it holds, checked again when approved: the proposal stays.
    const tooMuch = (
      await t.post('/admin/commission-float', owner, { amount: 1_000_000, source: 'fee_revenue' })
    ).json().data;
    expect((await decide(ana, tooMuch._id, 'approve')).json()).toMatchObject({
      statusCode: 409,
      code: 'REVENUE_SHORT',
    });
    expect(await floatNow()).toBe(before + 500);
    expect((await decide(ana, tooMuch._id, 'reject', { reason: 'Revenue is short' })).statusCode).toBe(200);
    await expectLedgerConsistent(t.db);
  });

  it('should let only FINANCE read and decide proposals', async () => {
    const support = await t.staff(['SUPPORT'], owner);
    expect((await t.inject({ method: 'GET', url: '/api/v1/admin/approvals', cookie: support.cookie })).statusCode).toBe(
      403,
    );
  });
});
