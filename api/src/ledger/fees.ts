import { sql, type SQL } from 'drizzle-orm';
import {
  FEE_FIELDS,
  FEE_SCHEDULE_ERRORS,
  feeScheduleRefusal,
  FEE_TYPES,
  MDR_PERCENT,
  MOVEMENTS,
  type FeeSchedule,
  type FeeType,
  type FeeUpdateInput,
  type LimitAfter,
  type Quote,
  type QuoteLimits,
  type QuoteQuery,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { fees } from '../db/schema';
import { optionalPoisha, optionalTaka } from '../lib/optional-money';
import { invalidField, refusal, tableError } from '../lib/api-errors';
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

/**
 * The schedule's rows, locked in the table's order, with the refusal the change would meet: a
 * change to cash-in or cash-out is judged against the other as it stands, two changes one after
 * the other. A schedule that could mint money is refused (the contracts' feeScheduleRefusal; the
 * database's deferred trigger beneath).
 */
async function lockedSchedule(tx: Executor, type: FeeType, input: FeeUpdateInput) {
  checkShape(type, input);
  if (type === 'payment' && (input.percent < MDR_PERCENT.min || input.percent > MDR_PERCENT.max)) {
    throw tableError(FEE_SCHEDULE_ERRORS, 'MDR_OUT_OF_RANGE');
  }
  const rows = await tx.select().from(fees).orderBy(fees.type).for('update');
  if (type === 'cash-in' || type === 'cash-out') {
    const stored = (other: FeeType) => figures(rows.find((row) => row.type === other));
    const refused = feeScheduleRefusal(
      type === 'cash-in' ? input : stored('cash-in'),
      type === 'cash-out' ? input : stored('cash-out'),
    );
    if (refused) throw tableError(FEE_SCHEDULE_ERRORS, refused);
  }
  return rows.find((row) => row.type === type);
}

/**
 * What a proposal of a new row keeps (admin/approvals.ts): the change as the audit log words it,
 * and the row's updated_at (null: no row yet), which an approval must find unchanged. Checked as
 * the change itself would be, against the schedule now.
 */
export async function feeProposal(tx: Executor, type: FeeType, input: FeeUpdateInput) {
  const before = await lockedSchedule(tx, type, input);
  return { before: figures(before), rowUpdatedAt: before?.updatedAt ?? null };
}

/**
 * An admin's new row for one type, inside the caller's transaction, with the change audited
 * (fee_change) and how it was approved (`approval`: single, or whose proposal a second member approved).
 * `expectedUpdatedAt`, when given, is the row's updated_at the change was proposed against: another
 * means the row changed since, and nothing is written (returns null).
 */
export async function applyFeeChange(
  tx: Executor,
  change: { adminId: string; type: FeeType; input: FeeUpdateInput; approval: string; expectedUpdatedAt?: Date | null },
) {
  const { type, input } = change;
  const before = await lockedSchedule(tx, type, input);
  if (
    change.expectedUpdatedAt !== undefined &&
    (before?.updatedAt.getTime() ?? null) !== (change.expectedUpdatedAt?.getTime() ?? null)
  ) {
    return null;
  }
  const values = {
    percentBp: basisPoints(input.percent),
    fixed: takaToPoisha(input.fixed),
    minimum: optionalPoisha(input.minimum),
    maximum: optionalPoisha(input.maximum),
    freeMonthly: optionalPoisha(input.freeMonthly),
    agentShareBp: basisPoints(input.agentShare),
    agentCommissionBp: basisPoints(input.agentCommission),
  };
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
    reason: change.approval,
    change: { type, before: figures(before), after: figures(after) },
  });
  return { type, ...figures(after), updatedAt: after!.updatedAt.toISOString() } satisfies FeeSchedule[number];
}

/** SECOND_APPROVAL=optional: one staff member's change applies at once, audited as single-approved. */
export const SINGLE_APPROVAL = 'Single approval (SECOND_APPROVAL=optional)';

/** An admin's new row for one type, applied at once (SECOND_APPROVAL=optional), audited. */
export async function updateFee(db: Database, change: { adminId: string; type: FeeType; input: FeeUpdateInput }) {
  const row = await db.transaction((tx) => applyFeeChange(tx, { ...change, approval: SINGLE_APPROVAL }));
  return row!;
}

/** A limit as the quote reads it: its figure, what was used of it, and the movement's part of it. */
const limitAfter = (limit: SQL, used: SQL, step: SQL) => sql`
  case when ${limit} is not null then jsonb_build_object(
    'limit', ${limit}, 'used', ${used}, 'left', limit_left(${limit}, ${used}),
    'leftAfter', limit_left(${limit}, ${used} + ${step}), 'exceeded', limit_exceeded(${limit}, ${used}, ${step})) end`;

interface QuoteRow {
  fee: string;
  commission: string;
  balance_after: string;
  held: string;
  float_balance: string;
  limits: {
    min_amount: number | null;
    max_amount: number | null;
    below_minimum: boolean;
    above_maximum: boolean;
    periods: Record<'daily' | 'monthly' | 'dailyCount' | 'monthlyCount', RawLimitAfter | null>;
  } | null;
}
/** Poisha for amounts, a number of movements for counts, as jsonb_build_object gives them. */
interface RawLimitAfter {
  limit: number;
  used: number;
  left: number;
  leftAfter: number;
  exceeded: boolean;
}

/**
 * What a movement would cost the caller now, every figure by the ledger's own SQL: the fee and an
 * agent's commission (movement_fee, with the caller's free allowance), their balance after
 * (movement_net, as the posting moves it), and what their own row of limits on the movement
 * leaves after it (limit_usage, limit_left, limit_exceeded, as the posting counts). Only the
 * caller's own movements are quoted; a movement of another role is refused as the POST would be.
 */
export async function quote(db: Executor, caller: { id: string; role: string }, query: QuoteQuery): Promise<Quote> {
  if (MOVEMENTS[query.type].role !== caller.role) throw refusal('ROLE_NOT_ALLOWED');
  const amount = takaToPoisha(query.amount);
  const type = sql`${query.type}::transaction_type`;
  const poisha = sql`${amount.toString()}::bigint`;
  // The caller pays every movement they start but a deposit, which comes from their bank.
  const payer = sql`${query.type} <> 'deposit'`;
  // The fee the caller pays (movement_payer_fee): a payment's is the merchant's, never the payer's.
  const { rows } = (await db.execute(sql`
    select movement_payer_fee(${type}, priced.fee)::text as fee,
           priced.commission::text as commission,
           (a.balance + movement_net(${type}, ${payer}, ${poisha}, priced.fee, priced.commission))::text as balance_after,
           a.held::text as held,
           (select f.balance from accounts f where f.code = 'COMMISSION_FLOAT')::text as float_balance,
           case when l.holder is not null then jsonb_build_object(
             'min_amount', l.min_amount, 'max_amount', l.max_amount,
             'below_minimum', coalesce(l.min_amount > ${poisha}, false),
             'above_maximum', coalesce(l.max_amount < ${poisha}, false),
             'periods', jsonb_build_object(
               'daily', ${limitAfter(sql`l.daily_amount`, sql`used.day_amount`, poisha)},
               'monthly', ${limitAfter(sql`l.monthly_amount`, sql`used.month_amount`, poisha)},
               'dailyCount', ${limitAfter(sql`l.daily_count::bigint`, sql`used.day_count`, sql`1`)},
               'monthlyCount', ${limitAfter(sql`l.monthly_count::bigint`, sql`used.month_count`, sql`1`)})) end as limits
    from accounts a
    join users u on u.id = a.user_id
    cross join lateral movement_fee(${type}, ${poisha}, u.id, clock_timestamp()) priced
    left join limits l
      on l.holder = limit_holder(u.role, u.email_verified_at, u.kyc_approved_at) and l.type = ${type}
     and limit_side(l.holder, l.type) = case when ${payer} then 'sent' else 'received' end
    left join lateral limit_usage(u.id, ${type}, ${payer}, clock_timestamp()) used on l.holder is not null
    where a.user_id = ${caller.id} and a.kind = 'WALLET'`)) as unknown as { rows: QuoteRow[] };
  const row = rows[0];
  if (!row) throw refusal('WALLET_NOT_FOUND');
  const fee = BigInt(row.fee);
  // Only an agent's own commission is theirs to see: a cash-out's share is the agent's business.
  const priced = query.type === 'cash-in' ? BigInt(row.commission) : 0n;
  // A cash-in's commission is paid only if the commission float covers it now (ledger_post).
  const unpaid = priced > BigInt(row.float_balance) ? priced : 0n;
  const balanceAfter = BigInt(row.balance_after) - unpaid;
  return {
    type: query.type,
    amount: poishaToTaka(amount),
    fee: poishaToTaka(fee),
    commission: poishaToTaka(priced - unpaid),
    commissionUnpaid: poishaToTaka(unpaid),
    total: poishaToTaka(amount + fee),
    balanceAfter: poishaToTaka(balanceAfter),
    availableAfter: poishaToTaka(balanceAfter - BigInt(row.held)),
    limits: row.limits && quoteLimits(row.limits),
  };
}

function quoteLimits(raw: NonNullable<QuoteRow['limits']>): QuoteLimits {
  const taka = (value: number | null) => (value === null ? null : poishaToTaka(BigInt(value)));
  const amounts = (figures: RawLimitAfter | null): LimitAfter | null =>
    figures && {
      ...figures,
      limit: poishaToTaka(BigInt(figures.limit)),
      used: poishaToTaka(BigInt(figures.used)),
      left: poishaToTaka(BigInt(figures.left)),
      leftAfter: poishaToTaka(BigInt(figures.leftAfter)),
    };
  return {
    minAmount: taka(raw.min_amount),
    maxAmount: taka(raw.max_amount),
    belowMinimum: raw.below_minimum,
    aboveMaximum: raw.above_maximum,
    daily: amounts(raw.periods.daily),
    monthly: amounts(raw.periods.monthly),
    dailyCount: raw.periods.dailyCount,
    monthlyCount: raw.periods.monthlyCount,
  };
}
