import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import {
  createTestContext,
  expectLedgerConsistent,
  fundCommissionFloat,
  ledgerState,
  type Person,
  type TestContext,
  liftCashOutMinimum,
} from './helpers';

/**
 * Hundreds of money movements at once among a few hot accounts: the bank (every deposit), one
 * agent (every cash-in and cash-out) and one busy user (in almost everything). On PostgreSQL they
 * really run in parallel over a pool of 20 connections; PGlite serialises them.
 */
let t: TestContext;
let admin: Person;
let agent: Person;
let busy: Person;
let others: Person[];

before(async () => {
  t = await createTestContext();
  admin = await t.admin();
  agent = await t.agent('Hot Agent', admin);
  // Cash-outs of any amount from 1 Taka, as before the 50-Taka minimum (migration 0038): the
  // invariants under concurrency are this file's subject, not the minimum.
  await liftCashOutMinimum(t.db);
  busy = await t.user('Busy User');
  others = [];
  for (let i = 0; i < 6; i += 1) others.push(await t.user(`Other ${i}`));
  await t.post('/wallet/deposit', busy, { balance: 2000 });
  for (const person of others) {
    await t.post('/wallet/deposit', person, { balance: 100 });
    await t.post('/agent/cash-out', person, { agentId: agent.id, balance: 50 });
  }
});
after(() => t.close());

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Movement {
  kind: 'deposit' | 'transfer' | 'cash-out' | 'cash-in';
  from: Person | null;
  to: Person;
  amount: number;
}

describe('money under concurrency', () => {
  it('should keep every invariant through 240 simultaneous movements and a block in the middle, the commission float running out among them', async () => {
    const next = random(42);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const amount = () => Math.round((1 + next() * 60) * 100) / 100;
    const movements: Movement[] = [];
    for (let i = 0; i < 240; i += 1) {
      const roll = i % 6;
      if (roll === 0) movements.push({ kind: 'deposit', from: null, to: busy, amount: amount() });
      if (roll === 1) movements.push({ kind: 'transfer', from: busy, to: pick(others), amount: amount() });
      if (roll === 2) movements.push({ kind: 'transfer', from: pick(others), to: busy, amount: amount() });
      if (roll === 3) movements.push({ kind: 'cash-out', from: pick([busy, ...others]), to: agent, amount: amount() });
      if (roll === 4) movements.push({ kind: 'cash-in', from: agent, to: pick([busy, ...others]), amount: amount() });
      if (roll === 5) movements.push({ kind: 'transfer', from: pick(others), to: pick(others), amount: amount() });
    }
    const valid = movements.filter((m) => m.from?.id !== m.to.id);
    const blockedVictim = others[0]!;
    // The commission float covers a few of the 40 cash-ins' commissions (0.4% of 1 to 61 Taka each):
    // those it pays, it pays in full, the rest post with commission 0, and it never goes below zero.
    await fundCommissionFloat(t.db, 1);
    const before = await ledgerState(t.db);
    const balancesBefore = new Map<string, number>();
    for (const person of [agent, busy, ...others]) balancesBefore.set(person.id, await t.balance(person));

    const send = (m: Movement, index: number) => {
      const headers = index % 2 === 0 ? { 'idempotency-key': `concurrent-${index}` } : undefined;
      if (m.kind === 'deposit') return t.post('/wallet/deposit', m.to, { balance: m.amount }, headers);
      if (m.kind === 'transfer')
        return t.post('/wallet/transfer', m.from!, { receiverId: m.to.id, balance: m.amount }, headers);
      if (m.kind === 'cash-out')
        return t.post('/agent/cash-out', m.from!, { agentId: agent.id, balance: m.amount }, headers);
      return t.post('/agent/cash-in', agent, { userId: m.to.id, balance: m.amount }, headers);
    };
    const started = Date.now();
    const [blockResponse, ...responses] = await Promise.all([
      t.inject({ method: 'PATCH', url: `/api/v1/admin/block/${blockedVictim.walletId}`, cookie: admin.cookie }),
      ...valid.map(send),
    ]);
    const elapsed = Date.now() - started;
    expect(blockResponse.statusCode).toBe(200);

    const outcomes: Record<string, number> = {};
    const cashIns = { paid: 0, paidCount: 0, unpaidCount: 0 };
    const expected = new Map<string, number>(balancesBefore);
    responses.forEach((response, index) => {
      const { message } = response.json() as { message: string };
      const key = `${response.statusCode} ${message}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (response.statusCode !== 201) return;
      const m = valid[index]!;
      // The payer pays the amount and its fee; the agent earns their commission on top (cash-out
      // and cash-in), as the answer says.
      const { fee, commission } = (response.json() as { data: { transaction: { fee: number; commission: number } } })
        .data.transaction;
      const [poisha, feePoisha, earned] = [m.amount, fee, commission].map((taka) => Math.round(taka * 100)) as [
        number,
        number,
        number,
      ];
      const add = (person: Person, delta: number) =>
        expected.set(person.id, Math.round(expected.get(person.id)! * 100 + delta) / 100);
      if (m.from) add(m.from, -poisha - feePoisha);
      add(m.to, poisha);
      if (earned > 0) add(agent, earned);
      if (m.kind === 'cash-in') {
        const unpaid = (response.json() as { data: { commissionUnpaid?: number } }).data.commissionUnpaid ?? 0;
        cashIns.paid += earned;
        if (earned > 0) cashIns.paidCount += 1;
        if (unpaid > 0) cashIns.unpaidCount += 1;
        // Paid in full, or not at all and said so (a commission that rounds to 0 is neither).
        expect(earned > 0 && unpaid > 0).toBe(false);
      }
    });
    console.log(`${process.env.TEST_DB}: ${valid.length} movements in ${elapsed} ms:`, outcomes);

    // Only the refusals a wallet can give: no deadlock, no serialization failure, no 500.
    const allowed = new Set([
      '201 Deposit successful!',
      '201 Transfer successful!',
      '201 Withdraw successful!',
      '201 CashIn successful!',
      '400 Insufficient balance',
      '403 Wallet is blocked',
    ]);
    expect(Object.keys(outcomes).filter((key) => !allowed.has(key))).toEqual([]);
    const succeeded = responses.filter((r) => r.statusCode === 201).length;
    expect(succeeded).toBeGreaterThan(valid.length / 2);

    const afterState = await expectLedgerConsistent(t.db);
    expect(cashIns.paidCount).toBeGreaterThan(0);
    expect(cashIns.unpaidCount).toBeGreaterThan(0);
    expect(afterState.commissionFloat).toBe(before.commissionFloat - BigInt(cashIns.paid));
    expect(afterState.transactions - before.transactions).toBe(succeeded);
    // What every wallet holds is exactly what the answers it was given add up to.
    for (const person of [agent, busy, ...others])
      expect([person.name, await t.balance(person)]).toEqual([person.name, expected.get(person.id)]);
    // Nothing touched the blocked wallet after the block took effect: it was only ever refused with 403 afterwards.
    const touchingVictim = valid
      .map((m, i) => ({ m, r: responses[i]! }))
      .filter(({ m }) => m.from?.id === blockedVictim.id || m.to.id === blockedVictim.id);
    expect(touchingVictim.every(({ r }) => [201, 400, 403].includes(r.statusCode))).toBe(true);
  });
});
