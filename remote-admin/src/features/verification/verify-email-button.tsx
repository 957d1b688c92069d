import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { useVerifyEmail } from './unverified-api';
import { shownFor } from '../staff/staff-access';

/** Verifies a person's address by hand (they proved it another way): the server's words in the toast. */
function VerifyEmailButtonShown({ userId }: { userId: string }) {
  const t = useT();
  const { trigger, isMutating } = useVerifyEmail();
  const onClick = async () => {
    try {
      const { message } = await trigger(userId);
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, t('admin.unverified.failed')), { variant: 'error' });
    }
  };
  return (
    <ActionButton pending={isMutating} onClick={onClick}>
      {t('admin.unverified.verify')}
    </ActionButton>
  );
}

/** Only for a member whose roles may (PATCH /api/v1/admin/verify/:id). */
export const VerifyEmailButton = shownFor('PATCH /api/v1/admin/verify/:id', VerifyEmailButtonShown);
