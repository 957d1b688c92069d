import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  LIMIT_HOLDERS,
  LIMITED_MOVEMENTS,
  LIMITS_ERRORS,
  limitSide,
  type LimitChange,
  type LimitHolder,
  type LimitScope,
  type LimitsTable,
  type LimitsUpdateInput,
  type LimitUsage,
  type MovementLimits,
  type MovementType,
  type MyLimits,
} from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { limits } from '../db/schema';
import { optionalPoisha, optionalTaka } from '../lib/optional-money';
import { invalidField, tableError } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';
import { SINGLE_APPROVAL } from './fees';

type LimitRow = typeof limits.$inferSelect;

function movementFigures(row: LimitRow | undefined): MovementLimits {
  return {
    minAmount: optionalTaka(row?.minAmount ?? null),
    maxAmount: optionalTaka(row?.maxAmount ?? null),
    dailyAmount: optionalTaka(row?.dailyAmount ?? null),
    dailyCount: row?.dailyCount ?? null,
    monthlyAmount: optionalTaka(row?.monthlyAmount ?? null),
    monthlyCount: row?.monthlyCount ?? null,
  };
}

/** The whole table, holder by holder, each with the movements its limits bound. */
export async function limitsTable(db: Executor): Promise<LimitsTable> {
  const rows = await db.select().from(limits);
  return LIMIT_HOLDERS.map((holder) => {
    const own = rows.filter((row) => row.holder === holder);
    const balance = own.find((row) => row.type === null);
    const updated = Math.max(...own.map((row) => row.updatedAt.getTime()));
    return {
      holder,
      movements: LIMITED_MOVEMENTS[holder].map((type) => ({
        type,
        side: limitSide(holder, type),
        ...movementFigures(own.find((row) => row.type === type)),
      })),
      maxBalance: optionalTaka(balance?.maxBalance ?? null),
      updatedAt: new Date(Number.isFinite(updated) ? updated : 0).toISOString(),
    };
  });
}

type LimitsChangeInput = {
  holder: LimitHolder;
  scope: LimitScope;
  input: LimitsUpdateInput;
  maxTransaction: number;
};

/**
 * An admin's new figures for one row, checked: a movement's row takes the six movement figures,
 * the balance row maxBalance alone; a figure left out is "no limit". A movement's largest amount
 * stays within MAX_TRANSACTION_AMOUNT, which the API refuses above whatever the table says.
 */
function checkedLimits({ holder, scope, input, maxTransaction }: LimitsChangeInput) {
  const type = scope === 'balance' ? null : scope;
  if (type !== null && !LIMITED_MOVEMENTS[holder].includes(type))
    throw tableError(LIMITS_ERRORS, 'LIMITS_NOT_APPLICABLE');
  if (type === null) {
    const extra = Object.keys(input).find((key) => key !== 'maxBalance');
    if (extra) throw invalidField(extra, 'does not apply to a maximum balance');
  } else {
    if (input.maxBalance !== undefined) throw invalidField('maxBalance', 'applies to the balance row only');
    for (const field of ['minAmount', 'maxAmount'] as const) {
      const value = input[field];
      if (value != null && value > maxTransaction) {
        throw invalidField(field, `must be at most ${maxTransaction} (MAX_TRANSACTION_AMOUNT)`);
      }
    }
  }
  const values = {
    minAmount: optionalPoisha(input.minAmount),
    maxAmount: optionalPoisha(input.maxAmount),
    dailyAmount: optionalPoisha(input.dailyAmount),
    dailyCount: input.dailyCount ?? null,
    monthlyAmount: optionalPoisha(input.monthlyAmount),
    monthlyCount: input.monthlyCount ?? null,
    maxBalance: optionalPoisha(input.maxBalance),
  };
  const where = and(eq(limits.holder, holder), type === null ? isNull(limits.type) : eq(limits.type, type));
  const shown = (row: LimitRow): LimitChange['after'] =>
    type === null ? { maxBalance: optionalTaka(row.maxBalance) } : movementFigures(row);
  return { values, where, shown };
}

/** The row, locked, as a change is judged against it. */
async function lockedLimits(tx: Executor, change: LimitsChangeInput) {
  const checked = checkedLimits(change);
  const [before] = await tx.select().from(limits).where(checked.where).for('update');
  if (!before) throw tableError(LIMITS_ERRORS, 'LIMITS_NOT_APPLICABLE');
  return { ...checked, before };
}

/**
 * What a proposal of new figures keeps (admin/approvals.ts): the row's figures now, and its
 * updated_at, which an approval must find unchanged.
 */
export async function limitsProposal(tx: Executor, change: LimitsChangeInput) {
  const { before, shown } = await lockedLimits(tx, change);
  return { before: shown(before), rowUpdatedAt: before.updatedAt };
}

/**
 * New figures for one row inside the caller's transaction, the change audited (limit_change) with
 * how it was approved (`approval`). `expectedUpdatedAt`, when given, is the row's updated_at the
 * change was proposed against: another means the row changed since, and nothing is written (null).
 */
export async function applyLimitsChange(
  tx: Executor,
  change: LimitsChangeInput & { adminId: string; approval: string; expectedUpdatedAt?: Date | null },
) {
  const { holder, scope } = change;
  const { values, where, shown, before } = await lockedLimits(tx, change);
  if (change.expectedUpdatedAt !== undefined && before.updatedAt.getTime() !== change.expectedUpdatedAt?.getTime()) {
    return null;
  }
  const [after] = await tx
    .update(limits)
    .set({ ...values, updatedAt: sql`clock_timestamp()`, updatedBy: change.adminId })
    .where(where)
    .returning();
  await recordAudit(tx, {
    action: 'limit_change',
    adminId: change.adminId,
    targetUserId: null,
    reason: change.approval,
    change: { holder, scope, before: shown(before), after: shown(after!) },
  });
  return (await limitsTable(tx)).find((row) => row.holder === holder)!;
}

/** New figures for one row, applied at once (SECOND_APPROVAL=optional), audited as single-approved. */
export async function updateLimits(db: Database, change: LimitsChangeInput & { adminId: string }) {
  const row = await db.transaction((tx) => applyLimitsChange(tx, { ...change, approval: SINGLE_APPROVAL }));
  return row!;
}

/** A limit's figure, what was used of it and what it leaves (limit_left), as text where poisha. */
type Used<T> = { limit: T; used: T; left: T } | null;

interface UsageRow {
  type: MovementType;
  min_amount: string | null;
  max_amount: string | null;
  day: Used<string>;
  month: Used<string>;
  day_count: Used<number>;
  month_count: Used<number>;
}

const amountUsage = (figures: Used<string>): LimitUsage | null =>
  figures && {
    limit: poishaToTaka(BigInt(figures.limit)),
    used: poishaToTaka(BigInt(figures.used)),
    left: poishaToTaka(BigInt(figures.left)),
  };
/** A period's limit read with what it leaves, by the ledger's own limit_left. */
const used = (limit: string, usedOf: string) =>
  `case when ${limit} is not null then jsonb_build_object('limit', ${limit}::text, 'used', ${usedOf}::text, 'left', limit_left(${limit}, ${usedOf})::text) end`;
const counted = (limit: string, usedOf: string) =>
  `case when ${limit} is not null then jsonb_build_object('limit', ${limit}, 'used', ${usedOf}, 'left', limit_left(${limit}, ${usedOf})) end`;

/**
 * A person's limits and what they used of them in this Asia/Dhaka day and month, counted as the
 * ledger counts them (limit_usage), and their balance against the maximum.
 */
export async function myLimits(
  db: Executor,
  person: { id: string; role: string; emailVerifiedAt: Date | null; kycApprovedAt: Date | null },
): Promise<MyLimits> {
  const holderRows = (await db.execute(
    sql`select limit_holder(${person.role}::role, ${person.emailVerifiedAt}, ${person.kycApprovedAt})::text as holder`,
  )) as unknown as { rows: { holder: LimitHolder }[] };
  const holder = holderRows.rows[0]!.holder;
  const [movements, balances, merchant] = await Promise.all([
    usageOf(db, person.id, holder),
    db.execute(sql`
      select a.balance::text as balance, l.max_balance::text as max_balance
      from accounts a left join limits l on l.holder = ${holder}::limit_holder and l.type is null
      where a.user_id = ${person.id}`) as unknown as Promise<{
      rows: { balance: string; max_balance: string | null }[];
    }>,
    db.execute(sql`
      select l.max_balance::text as max_balance from merchants m
      left join limits l on l.holder = 'MERCHANT' and l.type is null
      where m.user_id = ${person.id}`) as unknown as Promise<{ rows: { max_balance: string | null }[] }>,
  ]);
  const wallet = balances.rows[0];
  const current = wallet ? poishaToTaka(BigInt(wallet.balance)) : 0;
  const max = wallet?.max_balance ? poishaToTaka(BigInt(wallet.max_balance)) : null;
  return {
    holder,
    movements: movementsOf(holder, movements),
    balance: { current, max, left: max === null ? null : Math.max(max - current, 0) },
    // A merchant also lives under its merchant limits, on the payments it takes.
    ...(merchant.rows.length > 0 && {
      merchant: {
        movements: movementsOf('MERCHANT', await usageOf(db, person.id, 'MERCHANT')),
        maxBalance: merchant.rows[0]!.max_balance ? poishaToTaka(BigInt(merchant.rows[0]!.max_balance)) : null,
      },
    }),
  };
}

/** A holder's rows of limits with what the person used of each, today and this month, on its side. */
function usageOf(db: Executor, personId: string, holder: LimitHolder) {
  return db.execute(sql`
      select l.type, l.min_amount::text, l.max_amount::text,
             ${sql.raw(used('l.daily_amount', 'u.day_amount'))} as day,
             ${sql.raw(used('l.monthly_amount', 'u.month_amount'))} as month,
             ${sql.raw(counted('l.daily_count', 'u.day_count'))} as day_count,
             ${sql.raw(counted('l.monthly_count', 'u.month_count'))} as month_count
      from limits l
      cross join lateral limit_usage(${personId}::uuid, l.type, limit_side(l.holder, l.type) = 'sent', clock_timestamp()) u
      where l.holder = ${holder}::limit_holder and l.type is not null`) as unknown as Promise<{ rows: UsageRow[] }>;
}

function movementsOf(holder: LimitHolder, usage: { rows: UsageRow[] }): MyLimits['movements'] {
  const byType = new Map(usage.rows.map((row) => [row.type, row]));
  return LIMITED_MOVEMENTS[holder].map((type) => {
    const row = byType.get(type);
    return {
      type,
      side: limitSide(holder, type),
      minAmount: row?.min_amount ? poishaToTaka(BigInt(row.min_amount)) : null,
      maxAmount: row?.max_amount ? poishaToTaka(BigInt(row.max_amount)) : null,
      daily: row ? amountUsage(row.day) : null,
      monthly: row ? amountUsage(row.month) : null,
      dailyCount: row?.day_count ?? null,
      monthlyCount: row?.month_count ?? null,
    };
  });
}
