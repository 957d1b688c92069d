import { eq, sql } from 'drizzle-orm';
import {
  FEE_FIELDS,
  FEE_TYPES,
  MOVEMENTS,
  type FeeSchedule,
  type FeeType,
  type FeeUpdateInput,
  type Quote,
  type QuoteQuery,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { fees } from '../db/schema';
import { optionalPoisha, optionalTaka } from '../lib/optional-money';
import { invalidField, refusal } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';

type FeeRow = typeof fees.$inferSelect;

/** Percent with two decimals to basis points and back: 1.85 % is 185. */
const basisPoints = (percent: number) => Math.round(percent * 100);
const percentOf = (bp: number) => bp / 100;

function figures(row: FeeRow | undefined): FeeUpdateInput {
  return {
    percent: percentOf(row?.percentBp ?? 0),
    fixed: poishaToTaka(row?.fixed ?? 0n),
    minimum: optionalTaka(row?.minimum ?? null),
    maximum: optionalTaka(row?.maximum ?? null),
    freeMonthly: optionalTaka(row?.freeMonthly ?? null),
    agentShare: percentOf(row?.agentShareBp ?? 0),
    agentCommission: percentOf(row?.agentCommissionBp ?? 0),
  };
}

/** The schedule, one row per type that may cost something (a type with no row costs nothing). */
export async function feeSchedule(db: Executor): Promise<FeeSchedule> {
  const rows = await db.select().from(fees);
  return FEE_TYPES.map((type) => {
    const row = rows.find((candidate) => candidate.type === type);
    return { type, ...figures(row), updatedAt: (row?.updatedAt ?? new Date(0)).toISOString() };
  });
}

/** A row sets only the figures its type takes (the contracts' FEE_FIELDS; fees_shape_chk guards beneath). */
function checkShape(type: FeeType, input: FeeUpdateInput) {
  const unused = (Object.keys(input) as (keyof FeeUpdateInput)[]).filter((field) => !FEE_FIELDS[type].includes(field));
  for (const field of unused) {
    const value = input[field];
    if (value !== null && value !== 0) {
      throw invalidField(
        field,
        type === 'cash-in' ? 'must be empty: a cash-in is free to the person' : `does not apply to ${type}`,
      );
    }
  }
}

/** An admin's new row for one type, with the change audited (fee_change) in the same transaction. */
export async function updateFee(db: Database, change: { adminId: string; type: FeeType; input: FeeUpdateInput }) {
  const { type, input } = change;
  checkShape(type, input);
  const values = {
    percentBp: basisPoints(input.percent),
    fixed: takaToPoisha(input.fixed),
    minimum: optionalPoisha(input.minimum),
    maximum: optionalPoisha(input.maximum),
    freeMonthly: optionalPoisha(input.freeMonthly),
    agentShareBp: basisPoints(input.agentShare),
    agentCommissionBp: basisPoints(input.agentCommission),
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(fees).where(eq(fees.type, type)).for('update');
    const [after] = await tx
      .insert(fees)
      .values({ type, ...values, updatedBy: change.adminId })
      .onConflictDoUpdate({
        target: fees.type,
        set: { ...values, updatedAt: sql`clock_timestamp()`, updatedBy: change.adminId },
      })
      .returning();
    await recordAudit(tx, {
      action: 'fee_change',
      adminId: change.adminId,
      targetUserId: null,
      change: { type, before: figures(before), after: figures(after) },
    });
    return { type, ...figures(after), updatedAt: after!.updatedAt.toISOString() } satisfies FeeSchedule[number];
  });
}

/**
 * What a movement would cost the caller now, priced by the ledger's own function (movement_fee)
 * with the caller's free allowance: the fee, the total leaving (or, for a deposit, entering) their
 * wallet, their balance after, and what an agent earns on a cash-in. Only the caller's own
 * movements are quoted; a movement of another role is refused as the POST would be.
 */
export async function quote(db: Executor, caller: { id: string; role: string }, query: QuoteQuery): Promise<Quote> {
  if (MOVEMENTS[query.type].role !== caller.role) throw refusal('ROLE_NOT_ALLOWED');
  const amount = takaToPoisha(query.amount);
  const { rows } = (await db.execute(sql`
    select a.balance::text as balance, priced.fee::text as fee, priced.commission::text as commission
    from accounts a
    cross join lateral movement_fee(${query.type}::transaction_type, ${amount.toString()}::bigint, ${caller.id}::uuid,
                                    clock_timestamp()) priced
    where a.user_id = ${caller.id} and a.kind = 'WALLET'`)) as unknown as {
    rows: { balance: string; fee: string; commission: string }[];
  };
  const wallet = rows[0];
  if (!wallet) throw refusal('WALLET_NOT_FOUND');
  const fee = BigInt(wallet.fee);
  // Only an agent's own commission is theirs to see: a cash-out's share is the agent's business.
  const commission = query.type === 'cash-in' ? BigInt(wallet.commission) : 0n;
  const balance = BigInt(wallet.balance);
  const after = query.type === 'deposit' ? balance + amount : balance - amount - fee + commission;
  return {
    type: query.type,
    amount: poishaToTaka(amount),
    fee: poishaToTaka(fee),
    commission: poishaToTaka(commission),
    total: poishaToTaka(amount + fee),
    balanceAfter: poishaToTaka(after),
  };
}
