import Chip from '@mui/material/Chip';
import { ADMIN_AGENTS } from '../features/admin/admin-api';
import { PeopleList } from '../features/admin/people-list';
import { PersonActionButton } from '../features/admin/person-action-button';
import { PinUnlockButton } from '../features/admin/pin-unlock-button';
import { WalletButton } from '../features/admin/wallet-button';

export default function AllAgentPage() {
  return (
    <PeopleList
      title="All Agents"
      label="Agents"
      path={ADMIN_AGENTS}
      extraColumns={[
        {
          header: 'Status',
          render: (row) =>
            row.isActive ? (
              <Chip size="small" color="success" variant="outlined" label="Active" />
            ) : (
              <Chip size="small" color="warning" label="Suspended" />
            ),
        },
      ]}
      actions={(row) => (
        <>
          {row.isActive ? (
            <PersonActionButton action="suspend" userId={row._id} color="error">
              Suspend
            </PersonActionButton>
          ) : (
            <PersonActionButton action="reactivate" userId={row._id} color="success">
              Reactivate
            </PersonActionButton>
          )}
          <WalletButton row={row} />
          <PinUnlockButton row={row} />
        </>
      )}
    />
  );
}
