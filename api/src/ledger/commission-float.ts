import { sql } from 'drizzle-orm';
import { FLOAT_ERRORS, type CommissionFloat, type FloatFundingInput, type FloatSource } from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { tableError } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';
import { SINGLE_APPROVAL } from './fees';

const SOURCE_WORDS: Record<FloatSource, string> = { fee_revenue: 'fee revenue', deposit: 'a deposit from the bank' };

/** The two accounts in poisha: the float's running balance, and fee revenue's (sql/fee_revenue_balance.sql). */
export async function readFloatAndRevenue(db: Executor) {
  const { rows } = (await db.execute(sql`
    select (select balance from accounts where code = 'COMMISSION_FLOAT')::text as float,
           fee_revenue_balance()::text as revenue`)) as unknown as { rows: { float: string; revenue: string }[] };
  return { float: BigInt(rows[0]!.float), revenue: BigInt(rows[0]!.revenue) };
}

/** What the commission float holds, and what fee revenue holds (what a funding from it may take), in Taka. */
export async function commissionFloat(db: Executor): Promise<CommissionFloat> {
  const { float, revenue } = await readFloatAndRevenue(db);
  return { balance: poishaToTaka(float), feeRevenue: poishaToTaka(revenue) };
}

/**
 * Money into the commission float, inside the caller's transaction, by the database's own
 * commission_float_fund (sql/commission_float_fund.sql: one float-funding transaction, fee revenue
 * spent only as far as it holds, under its lock), audited as float_fund with how it was approved
 * (`approval`). Refused REVENUE_SHORT, nothing written, when fee revenue holds less.
 */
export async function applyFloatFunding(
  tx: Executor,
  funding: { adminId: string; input: FloatFundingInput; approval: string },
): Promise<CommissionFloat> {
  const { amount, source } = funding.input;
  const { rows } = (await tx.execute(
    sql`select refusal, refusal_params, transaction_id, float_balance::text as float_balance
        from commission_float_fund(${takaToPoisha(amount).toString()}::bigint, ${source})`,
  )) as unknown as {
    rows: {
      refusal: string | null;
      refusal_params: { available: number } | null;
      transaction_id: string;
      float_balance: string;
    }[];
  };
  const row = rows[0]!;
  if (row.refusal) {
    const available = poishaToTaka(BigInt(row.refusal_params?.available ?? 0));
    throw tableError(FLOAT_ERRORS, 'REVENUE_SHORT', { available });
  }
  await recordAudit(tx, {
    action: 'float_fund',
    adminId: funding.adminId,
    targetUserId: null,
    transactionId: row.transaction_id,
    reason: `Funded the commission float with ${amount} Taka from ${SOURCE_WORDS[source]}, transaction ${row.transaction_id} (${funding.approval})`,
  });
  return commissionFloat(tx);
}

/** A funding applied at once (SECOND_APPROVAL=optional), audited as single-approved. */
export async function fundCommissionFloat(db: Database, funding: { adminId: string; input: FloatFundingInput }) {
  return db.transaction((tx) => applyFloatFunding(tx, { ...funding, approval: SINGLE_APPROVAL }));
}
