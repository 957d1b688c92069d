import Chip from '@mui/material/Chip';
import { STARTUP_TOKEN_NAME, type DeployToken } from '@wallet/shared/contracts/releases';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { useT, type AdminT } from '../../i18n';
import { areaTitle } from './area-title';
import { RevokeTokenButton } from './revoke-token-button';
import { expiryText, lastUsedText, TOKEN_STATUS_LABELS, tokenStatus } from './token-status';
import { useDeployTokens } from './use-deploy-tokens';

/** The startup token is replaced by the site's next start, and a revoked one is done with: neither is revoked here. */
const revocable = (token: DeployToken) => token.name !== STARTUP_TOKEN_NAME && token.revokedAt === null;

function StatusChip({ token }: { token: DeployToken }) {
  const t = useT();
  const status = tokenStatus(token);
  return (
    <Chip
      size="small"
      variant={status === 'Active' ? 'filled' : 'outlined'}
      color={status === 'Active' ? 'success' : 'default'}
      label={t(TOKEN_STATUS_LABELS[status])}
    />
  );
}

const columns = (t: AdminT): Column<DeployToken>[] => [
  { header: t('admin.column.name'), render: (token) => token.name },
  { header: t('admin.token.areas'), render: (token) => token.areas.map((area) => areaTitle(t, area)).join(', ') },
  { header: t('admin.tokens.column.expires'), render: (token) => expiryText(t, token) },
  { header: t('admin.tokens.column.lastUsed'), render: (token) => lastUsedText(t, token) },
  {
    header: t('admin.tokens.column.createdBy'),
    render: (token) => <span style={{ overflowWrap: 'anywhere' }}>{token.createdBy}</span>,
  },
  { header: t('admin.column.status'), render: (token) => <StatusChip token={token} /> },
];
const actions = (t: AdminT): Column<DeployToken> => ({
  header: t('admin.column.actions'),
  render: (token) => revocable(token) && <RevokeTokenButton token={token} />,
});

export function DeployTokensTable({ canManage }: { canManage: boolean }) {
  const t = useT();
  const { data, error, isLoading } = useDeployTokens();
  return (
    <ListTable
      label={t('admin.tokens.title')}
      columns={canManage ? [...columns(t), actions(t)] : columns(t)}
      rows={data ?? []}
      rowKey={(token) => token._id}
      rowHeader
      isLoading={isLoading}
      // A refresh that fails keeps the last list on screen.
      error={data ? undefined : error}
      errorText={t('admin.tokens.loadFailed')}
      emptyText={t('admin.tokens.empty')}
    />
  );
}
