import Chip from '@mui/material/Chip';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';

export function WalletBalance({ row }: { row: AdminUserRow }) {
  return <>{row.wallet ? formatTaka(row.wallet.balance) : 'N/A'}</>;
}

export function WalletState({ row }: { row: AdminUserRow }) {
  if (!row.wallet) return <>N/A</>;
  return row.wallet.isBlocked ? (
    <Chip size="small" color="error" label="Blocked" />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Not blocked" />
  );
}
