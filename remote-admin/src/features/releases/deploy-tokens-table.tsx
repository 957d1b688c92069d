import Chip from '@mui/material/Chip';
import { STARTUP_TOKEN_NAME, type DeployToken } from '@wallet/shared/contracts';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { areaTitle } from './area-title';
import { RevokeTokenButton } from './revoke-token-button';
import { expiryText, lastUsedText, tokenStatus } from './token-status';
import { useDeployTokens } from './use-deploy-tokens';

/** The startup token is replaced by the site's next start, and a revoked one is done with: neither is revoked here. */
const revocable = (token: DeployToken) => token.name !== STARTUP_TOKEN_NAME && token.revokedAt === null;

function StatusChip({ token }: { token: DeployToken }) {
  const status = tokenStatus(token);
  return (
    <Chip
      size="small"
      variant={status === 'Active' ? 'filled' : 'outlined'}
      color={status === 'Active' ? 'success' : 'default'}
      label={status}
    />
  );
}

const COLUMNS: Column<DeployToken>[] = [
  { header: 'Name', render: (token) => token.name },
  { header: 'Areas', render: (token) => token.areas.map(areaTitle).join(', ') },
  { header: 'Expires', render: expiryText },
  { header: 'Last used', render: lastUsedText },
  { header: 'Created by', render: (token) => <span style={{ overflowWrap: 'anywhere' }}>{token.createdBy}</span> },
  { header: 'Status', render: (token) => <StatusChip token={token} /> },
];
const ACTIONS: Column<DeployToken> = {
  header: 'Actions',
  render: (token) => revocable(token) && <RevokeTokenButton token={token} />,
};

export function DeployTokensTable({ canManage }: { canManage: boolean }) {
  const { data, error, isLoading } = useDeployTokens();
  return (
    <ListTable
      label="Deploy tokens"
      columns={canManage ? [...COLUMNS, ACTIONS] : COLUMNS}
      rows={data ?? []}
      rowKey={(token) => token._id}
      rowHeader
      isLoading={isLoading}
      // A refresh that fails keeps the last list on screen.
      error={data ? undefined : error}
      errorText="The deploy tokens could not be loaded. Please try again."
      emptyText="No deploy tokens yet."
    />
  );
}
