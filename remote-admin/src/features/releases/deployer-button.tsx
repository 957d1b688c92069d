import type { Deployer } from '@wallet/shared/contracts/releases';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT } from '../../i18n';
import { useSetDeployer } from './use-set-deployer';
import { shownFor } from '../staff/staff-access';

/**
 * "Grant" to a member who does not deploy, "Revoke" from one who does, once confirmed; owners
 * only. Disabled on the signed-in member's own row: putting code in front of every user takes two
 * people.
 */
function DeployerButtonShown({ admin, self }: { admin: Deployer; self: boolean }) {
  const t = useT();
  const { trigger, isMutating } = useSetDeployer(admin._id);
  const grant = !admin.deployer;
  const name = { name: admin.name };
  return (
    <ConfirmedActionButton
      pending={isMutating}
      disabled={self}
      color={grant ? 'primary' : 'error'}
      aria-label={grant ? t('admin.deployer.grantTo', name) : t('admin.deployer.revokeOf', name)}
      question={grant ? t('admin.deployer.grantQuestion', name) : t('admin.deployer.revokeQuestion', name)}
      run={async () => (await trigger({ deployer: grant })).message}
      failed={t('admin.deployer.failed')}
    >
      {grant ? t('admin.deployer.grant') : t('admin.deployer.revoke')}
    </ConfirmedActionButton>
  );
}

export const DeployerButton = shownFor('PATCH /api/v1/releases/deployers/:id', DeployerButtonShown);
