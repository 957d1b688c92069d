import { z } from 'zod';
import { idSchema, paginationQuerySchema, reasonInputSchema, reasonSchema } from './common';
import { disputeStatusSchema, transactionSchema } from './transaction';
import { says } from './validation';

/**
 * Disputes: the sender of a transfer reports a problem with it (sent to the wrong person, the
 * wrong amount) within DISPUTE_WINDOW_HOURS of it, with a reason; an admin reverses the transfer
 * or rejects the report, with a reason of their own, and the sender sees the outcome. One report
 * per transfer: a rejected report is final, as a reversal is.
 */
export const DISPUTE_WINDOW_HOURS = 7 * 24;
/** How soon an admin should decide a report: the queue shows each report's wait against it. */
export const DISPUTE_TARGET_HOURS = 24;

/** POST /transaction/{id}/dispute: the sender reports; GET /transaction/disputes: the caller's reports. */
export const disputePath = (transactionId: string) => `/transaction/${transactionId}/dispute`;
export const MY_DISPUTES_PATH = '/transaction/disputes';
/** GET /admin/disputes?status=: the queue; PATCH /admin/disputes/{id}: the decision. */
export const ADMIN_DISPUTES_PATH = '/admin/disputes';

export const disputeInputSchema = reasonInputSchema;
export type DisputeInput = z.infer<typeof disputeInputSchema>;

export const disputeSchema = z.object({
  _id: idSchema,
  /** The transfer reported. */
  transactionId: idSchema,
  status: disputeStatusSchema,
  /** The sender's reason. */
  reason: z.string(),
  /** The admin's reason, once decided. */
  decision: z.string().nullable(),
  /** The reversal that settled it, when reversed. */
  reversalId: idSchema.nullable(),
  reportedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** A report with the transfer it is about: the sender's list and the admin's queue. */
export const disputeRowSchema = disputeSchema.extend({ transaction: transactionSchema });
export type DisputeRow = z.infer<typeof disputeRowSchema>;

/** GET /admin/disputes: open reports by default, oldest first (the queue); decided ones newest first. */
export const adminDisputeQuerySchema = paginationQuerySchema.extend({
  status: disputeStatusSchema.default('open'),
});
export type AdminDisputeQuery = z.infer<typeof adminDisputeQuerySchema>;

export const DISPUTE_DECISIONS = ['reverse', 'reject'] as const;
export const disputeDecisionInputSchema = z.object({
  decision: z.enum(DISPUTE_DECISIONS, { error: says('disputeDecision') }),
  reason: reasonSchema,
});
export type DisputeDecisionInput = z.infer<typeof disputeDecisionInputSchema>;

export const DISPUTE_TEXTS = {
  reported: 'Your report was sent. We will look into it within 24 hours.',
  yours: 'Your reports retrieved',
  queue: 'Reports retrieved',
  reversed: 'Transfer reversed',
  rejected: 'Report rejected',
} as const;

/**
 * Why a report or a decision is refused (sql/dispute_report.sql and sql/dispute_decide.sql return
 * the code; nothing is written). A decision to reverse may also be refused with a reversal's own
 * code (REVERSAL_ERRORS: the money gone).
 */
export const DISPUTE_ERRORS = {
  TRANSACTION_NOT_FOUND: { status: 404, message: 'Transaction not found' },
  NOT_SENDER: { status: 403, message: 'Only the sender of a transfer can report it' },
  NOT_DISPUTABLE: {
    status: 400,
    message: 'Only a transfer can be reported: for a cash-in or a cash-out, ask the agent who handled the cash',
  },
  REPORT_TOO_LATE: { status: 409, message: 'A transfer can be reported within 7 days of it; this one is older' },
  ALREADY_REPORTED: { status: 409, message: 'This transfer has already been reported' },
  ALREADY_REVERSED: { status: 409, message: 'This transfer has already been reversed' },
  DISPUTE_NOT_FOUND: { status: 404, message: 'Report not found' },
  DISPUTE_DECIDED: { status: 409, message: 'This report was already decided' },
} as const;
export type DisputeErrorCode = keyof typeof DISPUTE_ERRORS;
