import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { useVerifyEmail } from './unverified-api';

const VERIFY_FAILED = 'Failed to verify email';

/** Verifies a person's address by hand (they proved it another way): the server's words in the toast. */
export function VerifyEmailButton({ userId }: { userId: string }) {
  const { trigger, isMutating } = useVerifyEmail();
  const onClick = async () => {
    try {
      const { message } = await trigger(userId);
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, VERIFY_FAILED), { variant: 'error' });
    }
  };
  return (
    <ActionButton pending={isMutating} onClick={onClick}>
      Verify email
    </ActionButton>
  );
}
