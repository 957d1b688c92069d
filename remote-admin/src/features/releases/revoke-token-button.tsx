import { useState } from 'react';
import { errorMessage } from '@wallet/shared/api';
import type { DeployToken } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRevokeDeployToken } from './use-revoke-deploy-token';

const REVOKE_FAILED = 'The token could not be revoked. Please try again.';

/** Revokes a token once the admin confirms: anything holding it can no longer publish. */
export function RevokeTokenButton({ token }: { token: DeployToken }) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, isMutating } = useRevokeDeployToken(token._id);
  const onConfirm = async () => {
    setConfirming(false);
    try {
      const { message } = await trigger();
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, REVOKE_FAILED), { variant: 'error' });
    }
  };
  return (
    <>
      <ActionButton
        pending={isMutating}
        color="error"
        aria-label={isMutating ? undefined : `Revoke the token ${token.name}`}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </ActionButton>
      <ConfirmDialog
        open={confirming}
        title={`Revoke the deploy token ${token.name}?`}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
