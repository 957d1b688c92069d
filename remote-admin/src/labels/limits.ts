import { limitSide, type LimitHolder, type LimitScope, type MovementType } from '@wallet/shared/contracts';
import type { AdminMessage } from '../i18n';

/** Whose limits, in words (message ids): the limits screen's headings and the audit log's targets. */
export const HOLDER_LABELS: Record<LimitHolder, AdminMessage> = {
  UNVERIFIED: 'admin.holder.UNVERIFIED',
  EMAIL_VERIFIED: 'admin.holder.EMAIL_VERIFIED',
  KYC_APPROVED: 'admin.holder.KYC_APPROVED',
  AGENT: 'admin.holder.AGENT',
  MERCHANT: 'admin.holder.MERCHANT',
};

/** A cash-in or cash-out bounds one side of it: the person's or the agent's. */
const MOVEMENT_LABELS: Record<MovementType, Record<'sent' | 'received', AdminMessage>> = {
  deposit: { sent: 'admin.limitRow.addMoney', received: 'admin.limitRow.addMoney' },
  transfer: { sent: 'admin.limitRow.sendMoney', received: 'admin.limitRow.sendMoney' },
  'cash-out': { sent: 'admin.limitRow.cashOut', received: 'admin.limitRow.cashOutTaken' },
  'cash-in': { sent: 'admin.limitRow.cashInGiven', received: 'admin.limitRow.cashInReceived' },
  payment: { sent: 'admin.limitRow.payment', received: 'admin.limitRow.paymentReceived' },
};

/** One row of a holder's limits (a message id): "Send money", "Cash in (given)", "Maximum balance". */
export function limitRowLabel(holder: LimitHolder, scope: LimitScope): AdminMessage {
  return scope === 'balance' ? 'admin.limitRow.maxBalance' : MOVEMENT_LABELS[scope][limitSide(holder, scope)];
}
