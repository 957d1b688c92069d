import type { DisputeDecisionInput, DisputeStatus } from '@wallet/shared/contracts';

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  reversed: 'Reversed',
  rejected: 'Rejected',
};

export const DISPUTE_DECISION_LABELS: Record<DisputeDecisionInput['decision'], string> = {
  reverse: 'Reverse',
  reject: 'Reject',
};
