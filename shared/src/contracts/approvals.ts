import { z } from 'zod';
import { idSchema, reasonSchema } from './common';
import { feeChangeSchema } from './fees';
import { limitChangeSchema } from './limits';
import { floatFundingProposalSchema } from './commission-float';

/**
 * Second approvals (SECOND_APPROVAL=required): a change that creates or moves others' money is
 * proposed by one staff member and applied only when another approves it. What needs one:
 *  - fee_change: a row of the fee schedule (PUT /admin/fees/{type});
 *  - limit_change: a row of limits (PUT /admin/limits/{holder}/{scope});
 *  - reversal: a transfer reversed (POST /admin/reverse/{id}, or a dispute decided `reverse`)
 *    above REVERSAL_SECOND_APPROVAL_TAKA, or older than REVERSAL_SECOND_APPROVAL_DAYS;
 *  - float_funding: money into the commission float (POST /admin/commission-float), proposed by an
 *    owner and approved by a FINANCE member.
 */
export const APPROVAL_KINDS = ['fee_change', 'limit_change', 'reversal', 'float_funding'] as const;
export const approvalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

/** A reversal above this many Taka needs a second approval. */
export const REVERSAL_SECOND_APPROVAL_TAKA = 5_000;
/** A reversal of a transfer older than this many days needs a second approval. */
export const REVERSAL_SECOND_APPROVAL_DAYS = 7;
/** A proposal nobody approved in this many hours expires. */
export const APPROVAL_EXPIRY_HOURS = 72;

/**
 * pending: waits for a second staff member (until `expiresAt`, past which it is `expired`);
 * approved: applied, in the approval's own transaction; rejected: by a second staff member, with a
 * reason; void: the row changed after it was proposed (or the transfer was reversed meanwhile), so
 * it was not applied.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'void', 'expired'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const staffMemberSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });

/** A reversal proposed: the transfer, its amount and age, and the dispute it decides (if one). */
export const reversalProposalSchema = z.object({
  transactionId: idSchema,
  amount: z.number(),
  transferredAt: z.string(),
  disputeId: idSchema.nullable(),
  reason: z.string(),
});
export type ReversalProposal = z.infer<typeof reversalProposalSchema>;

export const approvalSchema = z.object({
  _id: idSchema,
  kind: approvalKindSchema,
  status: approvalStatusSchema,
  /** fee_change and limit_change: the row before and the figures proposed, side by side. */
  change: z.union([feeChangeSchema, limitChangeSchema]).nullable(),
  /** reversal: what would be reversed. */
  reversal: reversalProposalSchema.nullable(),
  /** float_funding: how much, from where, and the float then. */
  funding: floatFundingProposalSchema.nullable(),
  proposedBy: staffMemberSchema,
  proposedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: staffMemberSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was rejected; null otherwise. */
  decisionReason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /admin/approvals: pending (not expired) by default, oldest first; any other status newest first. */
export const approvalsQuerySchema = z.object({
  status: approvalStatusSchema.default('pending'),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuerySchema>;

/** POST /admin/approvals/{id}/reject: why. */
export const approvalRejectInputSchema = z.object({ reason: reasonSchema }).strict();
export type ApprovalRejectInput = z.infer<typeof approvalRejectInputSchema>;

export const ADMIN_APPROVALS_PATH = '/admin/approvals';

export const APPROVAL_TEXTS = {
  proposed: 'Proposed: this waits for a second approval',
  list: 'Approvals retrieved',
  approved: 'Approved and applied',
  rejected: 'Proposal rejected',
} as const;

export const APPROVAL_ERRORS = {
  APPROVAL_NOT_FOUND: { status: 404, message: 'Proposal not found' },
  APPROVAL_DECIDED: { status: 409, message: 'This proposal was already decided' },
  APPROVAL_EXPIRED: { status: 409, message: 'This proposal has expired: propose it again' },
  OWN_PROPOSAL: { status: 403, message: 'A second staff member must approve what you proposed' },
  APPROVAL_VOID: {
    status: 409,
    message: 'What this proposal changes was changed after it was proposed: it was not applied',
  },
  APPROVAL_WAITING: {
    status: 409,
    message: 'A proposal for this already waits for a second approval',
  },
} as const;
