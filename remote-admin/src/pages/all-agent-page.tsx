import Chip from '@mui/material/Chip';
import { ADMIN_AGENTS } from '../features/admin/admin-api';
import { PeopleList } from '../features/admin/people-list';
import { PersonActionButton } from '../features/admin/person-action-button';
import { PinUnlockButton } from '../features/admin/pin-unlock-button';
import { WalletButton } from '../features/admin/wallet-button';
import { useT } from '../i18n';

export default function AllAgentPage() {
  const t = useT();
  return (
    <PeopleList
      title={t('admin.agents.title')}
      label={t('admin.agents.label')}
      emptyText={t('admin.agents.empty')}
      path={ADMIN_AGENTS}
      extraColumns={[
        {
          header: t('admin.column.status'),
          render: (row) =>
            row.isActive ? (
              <Chip size="small" color="success" variant="outlined" label={t('admin.agents.active')} />
            ) : (
              <Chip size="small" color="warning" label={t('admin.agents.suspended')} />
            ),
        },
      ]}
      actions={(row) => (
        <>
          {row.isActive ? (
            <PersonActionButton action="suspend" userId={row._id} color="error">
              {t('admin.agents.suspend')}
            </PersonActionButton>
          ) : (
            <PersonActionButton action="reactivate" userId={row._id} color="success">
              {t('admin.agents.reactivate')}
            </PersonActionButton>
          )}
          <WalletButton row={row} />
          <PinUnlockButton row={row} />
        </>
      )}
    />
  );
}
