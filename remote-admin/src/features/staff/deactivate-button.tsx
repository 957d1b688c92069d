import type { StaffMember } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT } from '../../i18n';
import { useDeactivateStaff } from './staff-api';

/** Deactivates another active member, once confirmed: they are signed out everywhere at once. */
export function DeactivateButton({ member, self }: { member: StaffMember; self: boolean }) {
  const t = useT();
  const { trigger, isMutating } = useDeactivateStaff(member._id);
  const name = { name: member.name };
  return (
    <ConfirmedActionButton
      pending={isMutating}
      disabled={self || !member.isActive}
      color="error"
      aria-label={t('admin.staff.deactivateOf', name)}
      question={t('admin.staff.deactivateQuestion', name)}
      run={async () => (await trigger(undefined)).message}
      failed={t('admin.staff.deactivateFailed')}
    >
      {t('admin.staff.deactivate')}
    </ConfirmedActionButton>
  );
}
