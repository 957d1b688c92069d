import { ADMIN_USERS } from '../features/admin/admin-api';
import { PeopleList } from '../features/admin/people-list';
import { PersonActionButton } from '../features/admin/person-action-button';
import { PinUnlockButton } from '../features/admin/pin-unlock-button';
import { WalletButton } from '../features/admin/wallet-button';
import { useT } from '../i18n';

export default function AllUserPage() {
  const t = useT();
  return (
    <PeopleList
      title={t('admin.users.title')}
      label={t('admin.users.label')}
      emptyText={t('admin.users.empty')}
      path={ADMIN_USERS}
      actions={(row) => (
        <>
          <PersonActionButton action="approve" userId={row._id}>
            {t('admin.users.makeAgent')}
          </PersonActionButton>
          <WalletButton row={row} />
          <PinUnlockButton row={row} />
        </>
      )}
    />
  );
}
