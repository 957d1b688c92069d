import type { DisputeDecisionInput, DisputeStatus } from '@wallet/shared/contracts';
import type { AdminMessage } from '../../i18n';

/** Each status by its label (message ids). */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, AdminMessage> = {
  open: 'admin.dispute.status.open',
  reversed: 'admin.dispute.status.reversed',
  rejected: 'admin.dispute.status.rejected',
};

/** What a status's list says when it is empty: "No open reports." */
export const DISPUTE_EMPTY_TEXTS: Record<DisputeStatus, AdminMessage> = {
  open: 'admin.dispute.empty.open',
  reversed: 'admin.dispute.empty.reversed',
  rejected: 'admin.dispute.empty.rejected',
};

export const DISPUTE_DECISION_LABELS: Record<DisputeDecisionInput['decision'], AdminMessage> = {
  reverse: 'admin.dispute.decision.reverse',
  reject: 'admin.dispute.decision.reject',
};
