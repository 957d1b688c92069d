import { limitSide, type LimitHolder, type LimitScope, type MovementType } from '@wallet/shared/contracts';

/** Whose limits, in words: the limits screen's headings and the audit log's targets. */
export const HOLDER_LABELS: Record<LimitHolder, string> = {
  UNVERIFIED: 'Unverified',
  EMAIL_VERIFIED: 'Email verified',
  KYC_APPROVED: 'Identity verified (KYC)',
  AGENT: 'Agents',
};

/** A cash-in or cash-out bounds one side of it: the person's or the agent's. */
const MOVEMENT_LABELS: Record<MovementType, Record<'sent' | 'received', string>> = {
  deposit: { sent: 'Add money', received: 'Add money' },
  transfer: { sent: 'Send money', received: 'Send money' },
  'cash-out': { sent: 'Cash out', received: 'Cash out (taken)' },
  'cash-in': { sent: 'Cash in (given)', received: 'Cash in (received)' },
};

/** One row of a holder's limits: "Send money", "Cash in (given)", "Maximum balance". */
export function limitRowLabel(holder: LimitHolder, scope: LimitScope) {
  return scope === 'balance' ? 'Maximum balance' : MOVEMENT_LABELS[scope][limitSide(holder, scope)];
}
