import { aliasedTable, and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  APPROVAL_ERRORS,
  APPROVAL_EXPIRY_HOURS,
  DISPUTE_ERRORS,
  REVERSAL_ERRORS,
  REVERSAL_SECOND_APPROVAL_DAYS,
  REVERSAL_SECOND_APPROVAL_TAKA,
  type Approval,
  type ApprovalKind,
  type ApprovalsQuery,
  type FeeType,
  type FeeUpdateInput,
  type FloatFundingInput,
  type LimitHolder,
  type LimitScope,
  type LimitsUpdateInput,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor, Tx } from '../db/client';
import { approvals, transactions, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { tableError } from '../lib/api-errors';
import { recordAudit, type Actor } from '../lib/audit';
import { applyFeeChange, feeProposal } from '../ledger/fees';
import { applyFloatFunding, commissionFloat } from '../ledger/commission-float';
import { applyLimitsChange, limitsProposal } from '../ledger/limits';
import { reverseIn } from '../ledger/reversals';

type ApprovalRow = typeof approvals.$inferSelect;
type StaffMember = { _id: string; name: string; email: string };

/** What a proposal changes, as the approval applies it. */
export type Proposed =
  | { kind: 'fee_change'; type: FeeType; input: FeeUpdateInput }
  | { kind: 'limit_change'; holder: LimitHolder; scope: LimitScope; input: LimitsUpdateInput; maxTransaction: number }
  | { kind: 'reversal'; transactionId: string; disputeId: string | null; reason: string }
  | { kind: 'float_funding'; input: FloatFundingInput };

/** One proposal waits per subject: a row of fees or limits, a transfer, the commission float. */
function subjectKey(proposed: Proposed) {
  switch (proposed.kind) {
    case 'fee_change':
      return `fee:${proposed.type}`;
    case 'limit_change':
      return `limits:${proposed.holder}:${proposed.scope}`;
    case 'reversal':
      return `reversal:${proposed.transactionId}`;
    case 'float_funding':
      return 'commission-float';
  }
}

const DESCRIBED: Record<ApprovalKind, string> = {
  fee_change: 'a fee change',
  limit_change: 'a change of limits',
  reversal: 'a reversal',
  float_funding: 'a funding of the commission float',
};

/**
 * Whether reversing this transfer needs a second approval: above REVERSAL_SECOND_APPROVAL_TAKA,
 * or older than REVERSAL_SECOND_APPROVAL_DAYS. False for what the reversal itself refuses at once
 * (an unknown transaction, one that is no transfer, a transfer reversed already): no proposal is
 * made of what could never apply.
 */
export async function reversalNeedsSecondApproval(db: Executor, transactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.type, 'transfer'),
        sql`not exists (select 1 from transactions r where r.reverses = ${transactions.id})`,
        sql`(${transactions.amount} > ${takaToPoisha(REVERSAL_SECOND_APPROVAL_TAKA).toString()}::bigint
             or ${transactions.createdAt} < clock_timestamp() - make_interval(days => ${REVERSAL_SECOND_APPROVAL_DAYS}))`,
      ),
    );
  return row !== undefined;
}

/**
 * One staff member proposes a change; nothing of it applies until another approves. Checked now
 * as the change itself would be (a schedule that could mint money is refused at once), with the
 * row's figures kept for the side-by-side and its updated_at for the approval's check. Audited as
 * approval_propose. One proposal waits per thing changed (APPROVAL_WAITING); one past its time
 * is stored as expired when the next comes.
 */
export async function propose(db: Database, actor: Actor, proposed: Proposed): Promise<Approval> {
  const id = await db.transaction(async (tx) => {
    let before: Record<string, unknown> | null = null;
    let rowUpdatedAt: Date | null = null;
    let subject: Record<string, string | null>;
    let change: Record<string, unknown>;
    if (proposed.kind === 'fee_change') {
      ({ before, rowUpdatedAt } = await feeProposal(tx, proposed.type, proposed.input));
      subject = { type: proposed.type };
      change = proposed.input;
    } else if (proposed.kind === 'limit_change') {
      ({ before, rowUpdatedAt } = await limitsProposal(tx, proposed));
      subject = { holder: proposed.holder, scope: proposed.scope };
      change = proposed.input;
    } else if (proposed.kind === 'reversal') {
      subject = { transactionId: proposed.transactionId, disputeId: proposed.disputeId };
      change = { reason: proposed.reason };
    } else {
      // What the float held when proposed, for the side-by-side; a funding only adds, so it is
      // never void: fee revenue is checked again when it applies.
      before = { balance: (await commissionFloat(tx)).balance };
      subject = { source: proposed.input.source };
      change = proposed.input;
    }
    const key = subjectKey(proposed);
    await tx
      .update(approvals)
      .set({ state: 'expired', decidedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(approvals.subjectKey, key),
          eq(approvals.state, 'pending'),
          lt(approvals.expiresAt, sql`clock_timestamp()`),
        ),
      );
    let row: ApprovalRow | undefined;
    try {
      [row] = await tx
        .insert(approvals)
        .values({
          kind: proposed.kind,
          subject,
          subjectKey: key,
          change,
          before,
          rowUpdatedAt,
          proposedBy: actor.adminId,
          expiresAt: sql`clock_timestamp() + make_interval(hours => ${APPROVAL_EXPIRY_HOURS})`,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw tableError(APPROVAL_ERRORS, 'APPROVAL_WAITING');
      throw error;
    }
    await recordAudit(tx, {
      action: 'approval_propose',
      adminId: actor.adminId,
      targetUserId: null,
      reason: `Proposed ${DESCRIBED[proposed.kind]} (${key}), approval ${row!.id}`,
    });
    return row!.id;
  });
  return oneApproval(db, id);
}

/**
 * A second staff member approves: the proposal is applied exactly once, in this transaction (its
 * row locked first, so two approvals at once apply it once: the second finds it decided). Never by
 * its proposer (OWN_PROPOSAL; a CHECK beneath), never past its time (APPROVAL_EXPIRED), and void
 * when what it changes changed since it was proposed (APPROVAL_VOID: stored, nothing applied).
 * Audited as approval_approve, beside the change's own row (fee_change, limit_change, reverse),
 * which names the approver as its actor and the proposal as its approval.
 */
export async function approve(db: Database, actor: Actor, id: string, maxTransaction: number): Promise<Approval> {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockedPending(tx, actor, id);
    const proposer = await staffMember(tx, row.proposedBy);
    const approval = `Second approval: proposed by ${proposer.email}, approval ${row.id}`;
    const subject = row.subject;
    let applied: boolean;
    if (row.kind === 'fee_change') {
      applied =
        (await applyFeeChange(tx, {
          adminId: actor.adminId,
          type: subject.type as FeeType,
          input: row.change as FeeUpdateInput,
          approval,
          expectedUpdatedAt: row.rowUpdatedAt,
        })) !== null;
    } else if (row.kind === 'limit_change') {
      applied =
        (await applyLimitsChange(tx, {
          adminId: actor.adminId,
          holder: subject.holder as LimitHolder,
          scope: subject.scope as LimitScope,
          input: row.change as LimitsUpdateInput,
          maxTransaction,
          approval,
          expectedUpdatedAt: row.rowUpdatedAt,
        })) !== null;
    } else if (row.kind === 'reversal') {
      applied = await applyReversal(tx, actor, subject, `${(row.change as { reason: string }).reason} (${approval})`);
    } else {
      await applyFloatFunding(tx, { adminId: actor.adminId, input: row.change as FloatFundingInput, approval });
      applied = true;
    }
    if (!applied) {
      await tx
        .update(approvals)
        .set({ state: 'void', decidedAt: sql`clock_timestamp()` })
        .where(eq(approvals.id, id));
      return 'void' as const;
    }
    await tx
      .update(approvals)
      .set({ state: 'approved', decidedBy: actor.adminId, decidedAt: sql`clock_timestamp()` })
      .where(eq(approvals.id, id));
    await recordAudit(tx, {
      action: 'approval_approve',
      adminId: actor.adminId,
      targetUserId: null,
      reason: `Approved ${DESCRIBED[row.kind]} proposed by ${proposer.email}, approval ${row.id}`,
    });
    return 'approved' as const;
  });
  if (outcome === 'void') throw tableError(APPROVAL_ERRORS, 'APPROVAL_VOID');
  return oneApproval(db, id);
}

/** A second staff member rejects a waiting proposal, with a reason; nothing of it applies. Audited. */
export async function reject(db: Database, actor: Actor, id: string, reason: string): Promise<Approval> {
  await db.transaction(async (tx) => {
    const row = await lockedPending(tx, actor, id);
    await tx
      .update(approvals)
      .set({ state: 'rejected', decidedBy: actor.adminId, decidedAt: sql`clock_timestamp()`, decisionReason: reason })
      .where(eq(approvals.id, id));
    const proposer = await staffMember(tx, row.proposedBy);
    await recordAudit(tx, {
      action: 'approval_reject',
      adminId: actor.adminId,
      targetUserId: null,
      reason: `Rejected ${DESCRIBED[row.kind]} proposed by ${proposer.email}, approval ${row.id}: ${reason}`,
    });
  });
  return oneApproval(db, id);
}

/** The proposal, locked, if a second member may decide it now. */
async function lockedPending(tx: Tx, actor: Actor, id: string) {
  const [found] = await tx
    .select({ row: approvals, expired: sql<boolean>`${approvals.expiresAt} < clock_timestamp()` })
    .from(approvals)
    .where(eq(approvals.id, id))
    .for('update');
  if (!found) throw tableError(APPROVAL_ERRORS, 'APPROVAL_NOT_FOUND');
  const { row, expired } = found;
  if (row.state !== 'pending') throw tableError(APPROVAL_ERRORS, 'APPROVAL_DECIDED');
  if (row.proposedBy === actor.adminId) throw tableError(APPROVAL_ERRORS, 'OWN_PROPOSAL');
  if (expired) throw tableError(APPROVAL_ERRORS, 'APPROVAL_EXPIRED');
  return row;
}

/**
 * The reversal, as the ledger makes it (ledger/reversals.ts), by the approver. False when the
 * transfer was reversed or the report decided meanwhile (the proposal is then void); any other
 * refusal is thrown (the proposal stays, to be tried again).
 */
async function applyReversal(tx: Tx, actor: Actor, subject: Record<string, string | null>, reason: string) {
  const { refusal } = await reverseIn(
    tx,
    actor.adminId,
    { transactionId: subject.transactionId!, disputeId: subject.disputeId ?? null },
    reason,
  );
  if (!refusal) return true;
  if (refusal === 'ALREADY_REVERSED' || refusal === 'DISPUTE_DECIDED') return false;
  if (refusal in DISPUTE_ERRORS) throw tableError(DISPUTE_ERRORS, refusal as keyof typeof DISPUTE_ERRORS);
  throw tableError(REVERSAL_ERRORS, refusal as keyof typeof REVERSAL_ERRORS);
}

async function staffMember(db: Executor, id: string): Promise<StaffMember> {
  const [member] = await db
    .select({ _id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return member!;
}

const proposer = aliasedTable(users, 'proposer');
const decider = aliasedTable(users, 'decider');

/** The proposals in one status: waiting ones oldest first (the queue), the others newest first. */
export async function listApprovals(db: Executor, query: ApprovalsQuery): Promise<Approval[]> {
  const now = sql`clock_timestamp()`;
  const where =
    query.status === 'pending'
      ? and(eq(approvals.state, 'pending'), gte(approvals.expiresAt, now))
      : query.status === 'expired'
        ? sql`(${approvals.state} = 'expired' or (${approvals.state} = 'pending' and ${approvals.expiresAt} < ${now}))`
        : eq(approvals.state, query.status);
  const order = query.status === 'pending' ? asc : desc;
  const rows = await selectApprovals(db)
    .where(where)
    .orderBy(order(approvals.proposedAt), order(approvals.id))
    .limit(200);
  return rows.map(toApproval);
}

async function oneApproval(db: Executor, id: string): Promise<Approval> {
  const [row] = await selectApprovals(db).where(eq(approvals.id, id));
  return toApproval(row!);
}

function selectApprovals(db: Executor) {
  return db
    .select({
      row: approvals,
      proposer: { _id: proposer.id, name: proposer.name, email: proposer.email },
      decider: { _id: decider.id, name: decider.name, email: decider.email },
      expired: sql<boolean>`${approvals.state} = 'expired' or (${approvals.state} = 'pending' and ${approvals.expiresAt} < clock_timestamp())`,
      // A reversal's transfer, read in the same query as its proposal.
      transfer: { amount: transactions.amount, createdAt: transactions.createdAt },
    })
    .from(approvals)
    .innerJoin(proposer, eq(proposer.id, approvals.proposedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .leftJoin(transactions, sql`${transactions.id} = (${approvals.subject} ->> 'transactionId')::uuid`)
    .$dynamic();
}

function toApproval({
  row,
  proposer: proposedBy,
  decider: decidedBy,
  expired,
  transfer,
}: {
  row: ApprovalRow;
  proposer: StaffMember;
  decider: StaffMember | null;
  expired: boolean;
  transfer: { amount: bigint; createdAt: Date } | null;
}): Approval {
  const subject = row.subject;
  let change: Approval['change'] = null;
  let reversal: Approval['reversal'] = null;
  let funding: Approval['funding'] = null;
  if (row.kind === 'fee_change') {
    change = {
      type: subject.type as FeeType,
      before: row.before as FeeUpdateInput,
      after: row.change as FeeUpdateInput,
    };
  } else if (row.kind === 'limit_change') {
    change = {
      holder: subject.holder as LimitHolder,
      scope: subject.scope as LimitScope,
      before: row.before as LimitsUpdateInput,
      after: row.change as LimitsUpdateInput,
    };
  } else if (row.kind === 'float_funding') {
    const input = row.change as FloatFundingInput;
    funding = { amount: input.amount, source: input.source, floatBefore: (row.before as { balance: number }).balance };
  } else {
    reversal = {
      transactionId: subject.transactionId!,
      amount: poishaToTaka(transfer?.amount ?? 0n),
      transferredAt: (transfer?.createdAt ?? row.proposedAt).toISOString(),
      disputeId: subject.disputeId ?? null,
      reason: (row.change as { reason: string }).reason,
    };
  }
  return {
    _id: row.id,
    kind: row.kind,
    status: expired ? 'expired' : row.state,
    change,
    reversal,
    funding,
    proposedBy,
    proposedAt: row.proposedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: decidedBy?._id ? decidedBy : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}
