import { ADMIN_USERS } from '../features/admin/admin-api';
import { PeopleList } from '../features/admin/people-list';
import { PersonActionButton } from '../features/admin/person-action-button';
import { PinUnlockButton } from '../features/admin/pin-unlock-button';
import { WalletButton } from '../features/admin/wallet-button';

export default function AllUserPage() {
  return (
    <PeopleList
      title="All Users"
      label="Users"
      path={ADMIN_USERS}
      actions={(row) => (
        <>
          <PersonActionButton action="approve" userId={row._id}>
            Make Agent
          </PersonActionButton>
          <WalletButton row={row} />
          <PinUnlockButton row={row} />
        </>
      )}
    />
  );
}
