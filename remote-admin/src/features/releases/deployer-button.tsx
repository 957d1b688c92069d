import { useState } from 'react';
import { errorMessage } from '@wallet/shared/api';
import type { Deployer } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSetDeployer } from './use-set-deployer';

const CHANGE_FAILED = 'The deploy permission could not be changed. Please try again.';

/**
 * "Grant" to an admin who does not deploy, "Revoke" from one who does, once confirmed. Disabled on
 * the signed-in admin's own row: putting code in front of every user takes two people.
 */
export function DeployerButton({ admin, self }: { admin: Deployer; self: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, isMutating } = useSetDeployer(admin._id);
  const grant = !admin.deployer;
  const action = grant ? `Grant deploy permission to ${admin.name}` : `Revoke deploy permission of ${admin.name}`;
  const onConfirm = async () => {
    setConfirming(false);
    try {
      const { message } = await trigger({ deployer: grant });
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, CHANGE_FAILED), { variant: 'error' });
    }
  };
  return (
    <>
      <ActionButton
        pending={isMutating}
        disabled={self}
        color={grant ? 'primary' : 'error'}
        aria-label={isMutating ? undefined : action}
        onClick={() => setConfirming(true)}
      >
        {grant ? 'Grant' : 'Revoke'}
      </ActionButton>
      <ConfirmDialog
        open={confirming}
        title={`${action}?`}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
