import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ApiError } from '@wallet/shared/api';
import { useMyWallet } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { useT } from '../i18n';

/**
 * Spec §2: "Balance $" followed by the wallet's balance. Someone without a wallet (an admin, or
 * a 404 from the API) simply sees no balance: having no wallet is not an error. Beside it, what of
 * the balance is held (the registration bonus) and why: until staff check who the person is, then
 * until a day's bonus budget lets it out.
 */
export function BalanceChip({ hasWallet }: { hasWallet: boolean }) {
  const { data: wallet, error } = useMyWallet({ enabled: hasWallet });
  const approved = useSession((state) => state.user?.tier === 'KYC_APPROVED' || state.user?.role === 'AGENT');
  const t = useT();
  if (!hasWallet || (error instanceof ApiError && error.status === 404)) return null;
  if (error) return <Chip variant="outlined" label={t('host.balance.unavailable')} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {wallet?.isBlocked && <Chip color="error" size="small" label={t('host.balance.blocked')} />}
      {wallet && wallet.held > 0 && (
        <Chip
          size="small"
          variant="outlined"
          label={t(approved ? 'host.balance.heldForBudget' : 'host.balance.heldForIdentity', {
            amount: formatTaka(wallet.held),
          })}
        />
      )}
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
