import Chip from '@mui/material/Chip';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { useT } from '../../i18n';

export function WalletBalance({ row }: { row: AdminUserRow }) {
  const t = useT();
  return <>{row.wallet ? t('admin.amount', { amount: formatTaka(row.wallet.balance) }) : t('admin.na')}</>;
}

export function WalletState({ row }: { row: AdminUserRow }) {
  const t = useT();
  if (!row.wallet) return <>{t('admin.na')}</>;
  return row.wallet.isBlocked ? (
    <Chip size="small" color="error" label={t('admin.wallet.stateBlocked')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={t('admin.wallet.stateNotBlocked')} />
  );
}
