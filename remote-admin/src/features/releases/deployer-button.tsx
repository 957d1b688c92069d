import type { Deployer } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useSetDeployer } from './use-set-deployer';

/**
 * "Grant" to an admin who does not deploy, "Revoke" from one who does, once confirmed. Disabled on
 * the signed-in admin's own row: putting code in front of every user takes two people.
 */
export function DeployerButton({ admin, self }: { admin: Deployer; self: boolean }) {
  const { trigger, isMutating } = useSetDeployer(admin._id);
  const grant = !admin.deployer;
  const action = grant ? `Grant deploy permission to ${admin.name}` : `Revoke deploy permission of ${admin.name}`;
  return (
    <ConfirmedActionButton
      pending={isMutating}
      disabled={self}
      color={grant ? 'primary' : 'error'}
      aria-label={action}
      question={`${action}?`}
      run={async () => (await trigger({ deployer: grant })).message}
      failed="The deploy permission could not be changed. Please try again."
    >
      {grant ? 'Grant' : 'Revoke'}
    </ConfirmedActionButton>
  );
}
