import { showToast } from '@wallet/shared/toasts';
import { PIN_TEXTS, type AdminUserRow } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { useAdminAction } from './admin-api';

const FAILED = 'Failed to unlock PIN';

/**
 * "Unlock PIN" for a person whose PIN is locked (3 wrong tries): PATCH /admin/pin-unlock/{id},
 * then the lists are asked again, so the button goes with the lock. Nothing for anyone else.
 */
export function PinUnlockButton({ row }: { row: AdminUserRow }) {
  const { trigger, isMutating } = useAdminAction('pin-unlock');
  if (!row.pinLockedUntil) return null;
  const onClick = async () => {
    try {
      await trigger(row._id);
    } catch {
      showToast(FAILED, { variant: 'error' });
      return;
    }
    showToast(PIN_TEXTS.unlocked, { variant: 'success' });
  };
  return (
    <ActionButton
      pending={isMutating}
      aria-label={isMutating ? undefined : `Unlock PIN of ${row.name}`}
      onClick={onClick}
    >
      Unlock PIN
    </ActionButton>
  );
}
