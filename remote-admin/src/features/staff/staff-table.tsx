import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { StaffInvitation, StaffMember } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { Section } from '../../components/section';
import { useT } from '../../i18n';
import { DeactivateButton } from './deactivate-button';
import { EditRolesButton } from './edit-roles-button';
import { roleLabel } from './role-labels';
import { useStaff } from './staff-api';

function RoleChips({ roles }: { roles: StaffMember['roles'] }) {
  const t = useT();
  if (roles.length === 0) return <>{t('admin.staff.noRoles')}</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((role) => (
        <Chip key={role} size="small" variant="outlined" label={roleLabel(t, role)} />
      ))}
    </Stack>
  );
}

/** Every member with their roles, status and last sign-in; then the invitations waiting. */
export function StaffTables() {
  const t = useT();
  const { data, error, isLoading } = useStaff();
  const selfId = useSession((state) => state.user?._id);
  const members: Column<StaffMember>[] = [
    {
      header: t('admin.column.name'),
      render: (member) => (member._id === selfId ? t('admin.deployer.you', { name: member.name }) : member.name),
    },
    {
      header: t('admin.column.email'),
      render: (member) => <span style={{ overflowWrap: 'anywhere' }}>{member.email}</span>,
    },
    { header: t('admin.staff.roles'), render: (member) => <RoleChips roles={member.roles} /> },
    {
      header: t('admin.column.status'),
      render: (member) => (member.isActive ? t('admin.staff.active') : t('admin.staff.inactive')),
    },
    {
      header: t('admin.staff.lastSignIn'),
      render: (member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt) : t('admin.staff.never')),
    },
    {
      header: t('admin.column.actions'),
      render: (member) => (
        <Stack direction="row" spacing={1}>
          <EditRolesButton member={member} self={member._id === selfId} />
          <DeactivateButton member={member} self={member._id === selfId} />
        </Stack>
      ),
    },
  ];
  const invitations: Column<StaffInvitation>[] = [
    { header: t('admin.column.name'), render: (invitation) => invitation.name },
    {
      header: t('admin.column.email'),
      render: (invitation) => <span style={{ overflowWrap: 'anywhere' }}>{invitation.email}</span>,
    },
    { header: t('admin.staff.roles'), render: (invitation) => <RoleChips roles={invitation.roles} /> },
    { header: t('admin.staff.expires'), render: (invitation) => formatDateTime(invitation.expiresAt) },
  ];
  return (
    <>
      <Section title={t('admin.staff.members')}>
        <ListTable
          label={t('admin.staff.members')}
          columns={members}
          rows={data?.members ?? []}
          rowKey={(member) => member._id}
          rowHeader
          isLoading={isLoading}
          error={data ? undefined : error}
          errorText={t('admin.staff.loadFailed')}
          emptyText={t('admin.staff.empty')}
        />
      </Section>
      <Section title={t('admin.staff.invitations')}>
        <ListTable
          label={t('admin.staff.invitations')}
          columns={invitations}
          rows={data?.invitations ?? []}
          rowKey={(invitation) => invitation._id}
          rowHeader
          isLoading={isLoading}
          error={data ? undefined : error}
          errorText={t('admin.staff.loadFailed')}
          emptyText={t('admin.staff.noInvitations')}
        />
      </Section>
    </>
  );
}
