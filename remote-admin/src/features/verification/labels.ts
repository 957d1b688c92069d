import type { KycDecisionInput, KycStatus, Role } from '@wallet/shared/contracts';

export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const KYC_DECISION_LABELS: Record<KycDecisionInput['decision'], string> = {
  approve: 'Approve',
  reject: 'Reject',
};

export const ROLE_LABELS: Record<Role, string> = { USER: 'User', AGENT: 'Agent', ADMIN: 'Admin' };
