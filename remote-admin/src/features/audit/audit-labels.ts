import type { AuditAction } from '@wallet/shared/contracts';

/** What each recorded action did, as the log and its filter read it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  approve: 'Made agent',
  suspend: 'Suspended agent',
  reactivate: 'Reactivated agent',
  block: 'Blocked wallet',
  unblock: 'Unblocked wallet',
  link_google: 'Linked Google sign-in',
  verify_email: 'Verified email by hand',
  kyc_approve: 'Approved identity',
  kyc_reject: 'Rejected identity',
  limit_change: 'Changed limits',
};
