import type { DeployToken } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useRevokeDeployToken } from './use-revoke-deploy-token';

/** Revokes a token once the admin confirms: anything holding it can no longer publish. */
export function RevokeTokenButton({ token }: { token: DeployToken }) {
  const { trigger, isMutating } = useRevokeDeployToken(token._id);
  return (
    <ConfirmedActionButton
      pending={isMutating}
      color="error"
      aria-label={`Revoke the token ${token.name}`}
      question={`Revoke the deploy token ${token.name}?`}
      run={async () => (await trigger()).message}
      failed="The token could not be revoked. Please try again."
    >
      Revoke
    </ConfirmedActionButton>
  );
}
