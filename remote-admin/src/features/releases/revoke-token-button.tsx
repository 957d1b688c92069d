import type { DeployToken } from '@wallet/shared/contracts/releases';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT } from '../../i18n';
import { useRevokeDeployToken } from './use-revoke-deploy-token';

/** Revokes a token once the admin confirms: anything holding it can no longer publish. */
export function RevokeTokenButton({ token }: { token: DeployToken }) {
  const t = useT();
  const { trigger, isMutating } = useRevokeDeployToken(token._id);
  return (
    <ConfirmedActionButton
      pending={isMutating}
      color="error"
      aria-label={t('admin.token.revokeLabel', { name: token.name })}
      question={t('admin.token.revokeQuestion', { name: token.name })}
      run={async () => (await trigger()).message}
      failed={t('admin.token.revokeFailed')}
    >
      {t('admin.deployer.revoke')}
    </ConfirmedActionButton>
  );
}
