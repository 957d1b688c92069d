import type { AuditAction } from '@wallet/shared/contracts';
import type { AdminMessage } from '../../i18n';

/**
 * Who a row names as its actor when no admin acted (pin_lock: the third wrong PIN locked it;
 * release_auto_rollback: a rollout with too many errors rolled back): a message id.
 */
export const SYSTEM_ACTOR: AdminMessage = 'admin.audit.system';

/** What each recorded action did, as the log and its filter read it (message ids). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, AdminMessage> = {
  approve: 'admin.audit.action.approve',
  suspend: 'admin.audit.action.suspend',
  reactivate: 'admin.audit.action.reactivate',
  block: 'admin.audit.action.block',
  unblock: 'admin.audit.action.unblock',
  link_google: 'admin.audit.action.link_google',
  verify_email: 'admin.audit.action.verify_email',
  kyc_approve: 'admin.audit.action.kyc_approve',
  kyc_reject: 'admin.audit.action.kyc_reject',
  limit_change: 'admin.audit.action.limit_change',
  pin_lock: 'admin.audit.action.pin_lock',
  pin_unlock: 'admin.audit.action.pin_unlock',
  pin_set: 'admin.audit.action.pin_set',
  pin_change: 'admin.audit.action.pin_change',
  pin_reset: 'admin.audit.action.pin_reset',
  fee_change: 'admin.audit.action.fee_change',
  reverse: 'admin.audit.action.reverse',
  dispute_reject: 'admin.audit.action.dispute_reject',
  deployer_grant: 'admin.audit.action.deployer_grant',
  deployer_revoke: 'admin.audit.action.deployer_revoke',
  release_auto_rollback: 'admin.audit.action.release_auto_rollback',
  staff_invite: 'admin.audit.action.staff_invite',
  staff_join: 'admin.audit.action.staff_join',
  staff_roles: 'admin.audit.action.staff_roles',
  staff_deactivate: 'admin.audit.action.staff_deactivate',
  staff_sign_in: 'admin.audit.action.staff_sign_in',
  staff_sign_in_failed: 'admin.audit.action.staff_sign_in_failed',
  passkey_add: 'admin.audit.action.passkey_add',
  passkey_remove: 'admin.audit.action.passkey_remove',
  close_unclaimed: 'admin.audit.action.close_unclaimed',
  approval_propose: 'admin.audit.action.approval_propose',
  approval_approve: 'admin.audit.action.approval_approve',
  approval_reject: 'admin.audit.action.approval_reject',
  float_fund: 'admin.audit.action.float_fund',
  merchant_approve: 'admin.audit.action.merchant_approve',
  merchant_reject: 'admin.audit.action.merchant_reject',
};
