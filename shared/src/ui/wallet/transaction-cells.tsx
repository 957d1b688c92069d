import Typography from '@mui/material/Typography';
import type { Transaction } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { useWalletT, type WalletT } from './messages';

/**
 * Spec §2: a transaction whose sender or receiver is missing (a deposit's bank, a bonus) shows
 * "N/A": `none`, which a screen gives in the page's language (`t('wallet.party.none')`).
 */
export function partyName(party: { name: string } | null | undefined, none = 'N/A') {
  return party?.name ?? none;
}

/** Whether money left (-) or entered (+) the viewer's wallet; no viewer (an admin's list) gives no sign. */
function amountDirection(transaction: Pick<Transaction, 'sender' | 'receiver'>, viewerId?: string): '-' | '+' | '' {
  if (!viewerId) return '';
  if (transaction.sender?._id === viewerId) return '-';
  if (transaction.receiver?._id === viewerId) return '+';
  return '';
}

/** "-120.00" or "+500.00" as seen from the viewer's wallet. */
function signedAmount(transaction: Pick<Transaction, 'sender' | 'receiver' | 'balance'>, viewerId?: string) {
  return `${amountDirection(transaction, viewerId)}${formatTaka(transaction.balance)}`;
}

/**
 * What the movement cost or earned beside its amount, as the viewer sees it: the payer (and an
 * admin) its fee, the agent their commission. Nothing where there was none.
 */
function feeNote(
  t: WalletT,
  transaction: Pick<Transaction, 'type' | 'fee' | 'commission'>,
  direction: '-' | '+' | '',
  viewerId?: string,
) {
  const agentViewing =
    viewerId !== undefined &&
    ((transaction.type === 'cash-out' && direction === '+') || (transaction.type === 'cash-in' && direction === '-'));
  if (agentViewing && transaction.commission > 0)
    return t('wallet.cell.commission', { amount: formatTaka(transaction.commission) });
  // A reversal gives the fee back to the one who paid it.
  if (transaction.type === 'reversal')
    return transaction.fee > 0 && direction !== '-'
      ? t('wallet.cell.feeRefunded', { amount: formatTaka(transaction.fee) })
      : null;
  if ((direction === '-' || !viewerId) && transaction.fee > 0)
    return t('wallet.cell.fee', { amount: formatTaka(transaction.fee) });
  return null;
}

export function SignedAmount({
  transaction,
  viewerId,
}: {
  transaction: Pick<Transaction, 'sender' | 'receiver' | 'balance' | 'type' | 'fee' | 'commission'>;
  viewerId?: string;
}) {
  const t = useWalletT();
  const direction = amountDirection(transaction, viewerId);
  const color = direction === '-' ? 'error.main' : direction === '+' ? 'success.main' : undefined;
  const note = feeNote(t, transaction, direction, viewerId);
  return (
    <>
      <Typography
        component="span"
        variant="body2"
        sx={{ color, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {signedAmount(transaction, viewerId)}
      </Typography>
      {note && ' '}
      {note && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {note}
        </Typography>
      )}
    </>
  );
}
