import { showToast } from '@wallet/shared/toasts';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { useAdminAction } from './admin-api';
import { shownFor } from '../staff/staff-access';

/**
 * "Unlock PIN" for a person whose PIN is locked (3 wrong tries): PATCH /admin/pin-unlock/{id},
 * then the lists are asked again, so the button goes with the lock. Nothing for anyone else.
 */
function PinUnlockButtonShown({ row }: { row: AdminUserRow }) {
  const t = useT();
  const { trigger, isMutating } = useAdminAction('pin-unlock');
  if (!row.pinLockedUntil) return null;
  const onClick = async () => {
    try {
      await trigger(row._id);
    } catch {
      showToast(t('admin.pin.unlockFailed'), { variant: 'error' });
      return;
    }
    showToast(t('admin.pin.unlocked'), { variant: 'success' });
  };
  return (
    <ActionButton
      pending={isMutating}
      aria-label={isMutating ? undefined : t('admin.pin.unlockOf', { name: row.name })}
      onClick={onClick}
    >
      {t('admin.pin.unlock')}
    </ActionButton>
  );
}

/** Only for a member whose roles may (PATCH /api/v1/admin/pin-unlock/:id). */
export const PinUnlockButton = shownFor('PATCH /api/v1/admin/pin-unlock/:id', PinUnlockButtonShown);
