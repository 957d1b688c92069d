import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Deployer } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { Section } from '../../components/section';
import { DeployerButton } from './deployer-button';
import { useDeployers } from './use-deployers';

/** Every admin, whether each deploys, and Grant or Revoke for any admin but oneself. */
export function DeployersSection() {
  const { data, error, isLoading } = useDeployers();
  const selfId = useSession((state) => state.user?._id);
  const columns: Column<Deployer>[] = [
    { header: 'Name', render: (admin) => (admin._id === selfId ? `${admin.name} (you)` : admin.name) },
    { header: 'Email', render: (admin) => <span style={{ overflowWrap: 'anywhere' }}>{admin.email}</span> },
    {
      header: 'Status',
      render: (admin) => (
        <Chip
          size="small"
          variant={admin.deployer ? 'filled' : 'outlined'}
          color={admin.deployer ? 'success' : 'default'}
          label={admin.deployer ? 'Deploys' : 'Does not deploy'}
        />
      ),
    },
    { header: 'Actions', render: (admin) => <DeployerButton admin={admin} self={admin._id === selfId} /> },
  ];
  return (
    <Section title="Deployers">
      <Typography variant="body2" color="text.secondary">
        Deployers publish and switch releases and manage deploy tokens. Any admin may grant or revoke it for another
        admin, never for themselves.
      </Typography>
      <ListTable
        label="Deployers"
        columns={columns}
        rows={data ?? []}
        rowKey={(admin) => admin._id}
        rowHeader
        isLoading={isLoading}
        error={data ? undefined : error}
        errorText="The admins could not be loaded. Please try again."
        emptyText="No admins yet."
      />
    </Section>
  );
}
