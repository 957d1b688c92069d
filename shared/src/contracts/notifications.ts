import { z } from 'zod';
import { idSchema, metaSchema, paginationQuerySchema } from './common';
import { says } from './validation';

/**
 * Notifications (issue 46): what happened to a person's money or account, written by the
 * database in the same transaction as the event (api/src/notifications/sql), so none is lost and
 * none exists without its event. The unread count is a counter the same transaction moves, and the
 * wallet's live event carries it (`walletEventSchema.unread`): notifications send nothing of their
 * own.
 *
 * A movement writes one notification per wallet it moved, named by the movement and the wallet's
 * side (notification_kind in the SQL; a test holds the two lists together). The amount is the
 * movement's amount, in Taka; the direction is in the kind.
 */
export const MONEY_NOTIFICATION_KINDS = [
  'money_received',
  'money_sent',
  'deposit',
  'bonus',
  /** A user's cash-in from an agent, and the agent's side of it. */
  'cash_in',
  'cash_in_given',
  /** A user's cash-out at an agent, and the agent's side of it. */
  'cash_out',
  'cash_out_received',
  'payment_made',
  'payment_received',
  'refund_received',
  'refund_given',
  /** A transfer reversed: the sender's money back, and the receiver's taken back. */
  'reversal_received',
  'reversal_taken',
  /** The requester's side of a transfer that paid their request (in place of money_received). */
  'request_paid',
] as const;

export const NOTIFICATION_KINDS = [
  ...MONEY_NOTIFICATION_KINDS,
  /** An admin decided the person's report of a transfer (reversed, or rejected with a reason). */
  'dispute_outcome',
  'request_received',
  'request_declined',
  'pin_changed',
  /** A sign-in from a browser the person had not signed in from before. */
  'new_device',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** GET /notifications: the caller's, newest first, with the unread count; POST /notifications/read. */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATIONS_READ_PATH = '/notifications/read';

/** How long a notification is kept: the history keeps the movements for good. */
export const NOTIFICATION_RETENTION_DAYS = 90;

export const notificationSchema = z.object({
  _id: idSchema,
  kind: notificationKindSchema,
  /** The movement's amount in Taka, for a money notification (and a request's amount); else null. */
  amount: z.number().nullable(),
  /** The movement it tells of, to open its details; null for the others. */
  transactionId: idSchema.nullable(),
  /** The request it tells of (request_received, request_paid, request_declined). */
  requestId: idSchema.nullable(),
  /**
   * Who was on the other side, as the history names them: the person, or the shop's verified
   * name; a dispute's, the decision (`reversed` or `rejected`); a new device's, its browser.
   */
  counterpart: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationQuerySchema = paginationQuerySchema;
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

/** GET /notifications: a page of them, and the unread count beside the page's figures. */
export const notificationPageSchema = z.object({
  success: z.literal(true),
  statusCode: z.number().int(),
  message: z.string(),
  data: z.array(notificationSchema),
  meta: metaSchema.extend({ unread: z.number().int() }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** At most this many ids in one POST /notifications/read. */
export const MAX_READ_IDS = 100;

/** POST /notifications/read: these (the caller's own; others are ignored), or every one. */
export const markReadInputSchema = z.union([
  z
    .object({
      ids: z
        .array(idSchema)
        .min(1, { error: says('required') })
        .max(MAX_READ_IDS, { error: says('atMostItems', { max: MAX_READ_IDS }) }),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadInput = z.infer<typeof markReadInputSchema>;

/** What marking read did: how many it marked now, and the unread count after. */
export const markReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

export const NOTIFICATION_TEXTS = {
  list: 'Notifications retrieved',
  read: 'Notifications marked as read',
} as const;
