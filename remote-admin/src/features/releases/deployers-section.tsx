import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Deployer } from '@wallet/shared/contracts/releases';
import { useSession } from '@wallet/shared/session';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { Section } from '../../components/section';
import { useT } from '../../i18n';
import { DeployerButton } from './deployer-button';
import { useDeployers } from './use-deployers';

/** Every admin, whether each deploys, and Grant or Revoke for any admin but oneself. */
export function DeployersSection() {
  const t = useT();
  const { data, error, isLoading } = useDeployers();
  const selfId = useSession((state) => state.user?._id);
  const columns: Column<Deployer>[] = [
    {
      header: t('admin.column.name'),
      render: (admin) => (admin._id === selfId ? t('admin.deployer.you', { name: admin.name }) : admin.name),
    },
    {
      header: t('admin.column.email'),
      render: (admin) => <span style={{ overflowWrap: 'anywhere' }}>{admin.email}</span>,
    },
    {
      header: t('admin.column.status'),
      render: (admin) => (
        <Chip
          size="small"
          variant={admin.deployer ? 'filled' : 'outlined'}
          color={admin.deployer ? 'success' : 'default'}
          label={admin.deployer ? t('admin.deployer.deploys') : t('admin.deployer.doesNotDeploy')}
        />
      ),
    },
    {
      header: t('admin.column.actions'),
      render: (admin) => <DeployerButton admin={admin} self={admin._id === selfId} />,
    },
  ];
  return (
    <Section title={t('admin.deployers.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.deployers.intro')}
      </Typography>
      <ListTable
        label={t('admin.deployers.title')}
        columns={columns}
        rows={data ?? []}
        rowKey={(admin) => admin._id}
        rowHeader
        isLoading={isLoading}
        error={data ? undefined : error}
        errorText={t('admin.deployers.loadFailed')}
        emptyText={t('admin.deployers.empty')}
      />
    </Section>
  );
}
