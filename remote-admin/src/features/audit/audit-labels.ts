import type { AuditAction } from '@wallet/shared/contracts';

/**
 * Who a row names as its actor when no admin acted (pin_lock: the third wrong PIN locked it;
 * release_auto_rollback: a rollout with too many errors rolled back).
 */
export const SYSTEM_ACTOR = 'System';

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
  pin_lock: 'Locked PIN',
  pin_unlock: 'Unlocked PIN',
  fee_change: 'Changed fees',
  reverse: 'Reversed transfer',
  dispute_reject: 'Rejected report',
  deployer_grant: 'Granted deploy permission',
  deployer_revoke: 'Revoked deploy permission',
  release_auto_rollback: 'Rolled back a release',
};
