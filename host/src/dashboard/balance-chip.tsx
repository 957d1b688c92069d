import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ApiError } from '@wallet/shared/api';
import { useMyWallet } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';
import { useT } from '../i18n';

/**
 * Spec §2: "Balance $" followed by the wallet's balance. Someone without a wallet (an admin, or
 * a 404 from the API) simply sees no balance: having no wallet is not an error.
 */
export function BalanceChip({ hasWallet }: { hasWallet: boolean }) {
  const { data: wallet, error } = useMyWallet({ enabled: hasWallet });
  const t = useT();
  if (!hasWallet || (error instanceof ApiError && error.status === 404)) return null;
  if (error) return <Chip variant="outlined" label={t('host.balance.unavailable')} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {wallet?.isBlocked && <Chip color="error" size="small" label={t('host.balance.blocked')} />}
      <Chip
        color="primary"
        variant="outlined"
        aria-live="polite"
        label={wallet ? t('host.balance.amount', { amount: formatTaka(wallet.balance) }) : t('host.balance.loading')}
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      />
    </Stack>
  );
}
