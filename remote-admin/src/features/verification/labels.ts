import type { KycCheck, KycDecisionInput, KycStatus, Role } from '@wallet/shared/contracts';
import type { AdminMessage } from '../../i18n';

/** Each status by its label (message ids). */
export const KYC_STATUS_LABELS: Record<KycStatus, AdminMessage> = {
  pending: 'admin.kyc.status.pending',
  approved: 'admin.kyc.status.approved',
  rejected: 'admin.kyc.status.rejected',
};

/** What a status's list says when it is empty: "No pending requests." */
export const KYC_EMPTY_TEXTS: Record<KycStatus, AdminMessage> = {
  pending: 'admin.kyc.empty.pending',
  approved: 'admin.kyc.empty.approved',
  rejected: 'admin.kyc.empty.rejected',
};

export const KYC_DECISION_LABELS: Record<KycDecisionInput['decision'], AdminMessage> = {
  approve: 'admin.kyc.decision.approve',
  reject: 'admin.kyc.decision.reject',
};

/** A decision's question: "Approve the identity of Rahim Uddin?" */
export const KYC_DECISION_TITLES: Record<KycDecisionInput['decision'], AdminMessage> = {
  approve: 'admin.kyc.title.approve',
  reject: 'admin.kyc.title.reject',
};

export const ROLE_LABELS: Record<Role, AdminMessage> = {
  USER: 'admin.role.USER',
  AGENT: 'admin.role.AGENT',
  ADMIN: 'admin.role.ADMIN',
};

/** What an identity review may have seen (KYC_CHECKS), as the approval's checklist words it. */
export const KYC_CHECK_LABELS: Record<KycCheck, AdminMessage> = {
  national_id: 'admin.kyc.check.national_id',
  passport: 'admin.kyc.check.passport',
  face_match: 'admin.kyc.check.face_match',
  address_proof: 'admin.kyc.check.address_proof',
};
