import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MoneyMovementResult, TransactionDispute } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { useWalletT, type WalletT } from './messages';
import { ReviewLines } from '@wallet/shared/ui/wallet/money-review-dialog';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';
import { DisputeNote, ReportProblemButton } from '@wallet/shared/ui/wallet/report-problem';

/**
 * The fee the payer paid, or the commission the agent earned, as the receipt's owner reads it: a
 * person's cash-out shows its fee; an agent's cash-in what they earned, or why they earned nothing
 * (the commission float could not cover it: `unpaid`).
 */
function costLines(
  t: WalletT,
  transaction: MoneyMovementResult['transaction'],
  ownerId: string,
  unpaid: number | undefined,
): [string, string][] {
  const paid = transaction.sender?._id === ownerId;
  const earned = transaction.type === 'cash-in' ? paid : transaction.type === 'cash-out' && !paid;
  if (earned && unpaid)
    return [[t('wallet.receipt.youEarned'), t('wallet.receipt.commissionUnpaid', { amount: formatTaka(unpaid) })]];
  if (earned)
    return transaction.commission > 0
      ? [[t('wallet.receipt.youEarned'), t('wallet.taka', { amount: formatTaka(transaction.commission) })]]
      : [];
  // A payment's fee is its merchant's (the MDR), paid out of what it received: the payer pays none.
  const fee = transaction.type === 'payment' && paid ? 0 : transaction.fee;
  return [[t('wallet.fee'), fee === 0 ? t('wallet.fee.none') : t('wallet.taka', { amount: formatTaka(fee) })]];
}

/** What the server wrote, to show the counterpart or keep: the id, the time, the parties, the amount. */
export function MoneyReceipt({
  title,
  result: { transaction, wallet, commissionUnpaid },
  onDone,
}: {
  title: string;
  result: MoneyMovementResult;
  onDone: () => void;
}) {
  const t = useWalletT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dispute, setDispute] = useState<TransactionDispute | null>(null);
  // The form this replaced had the focus: a keyboard or screen-reader user lands on the receipt.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Typography ref={heading} tabIndex={-1} component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <ReviewLines
        lines={[
          [t('wallet.receipt.id'), transaction._id],
          [t('wallet.receipt.time'), formatDateTime(transaction.createdAt)],
          [t('wallet.receipt.from'), partyName(transaction.sender, t('wallet.party.none'))],
          [t('wallet.receipt.to'), partyName(transaction.receiver, t('wallet.party.none'))],
          [t('wallet.amount'), t('wallet.taka', { amount: formatTaka(transaction.balance) })],
          ...costLines(t, transaction, wallet.userId, commissionUnpaid),
          [t('wallet.balance.now'), t('wallet.taka', { amount: formatTaka(wallet.balance) })],
        ]}
      />
      {/* The sender of a transfer can report a problem with it from here, as from the history. */}
      <Box sx={{ mt: 2 }}>
        {dispute ? (
          <DisputeNote dispute={dispute} />
        ) : (
          <ReportProblemButton
            transaction={transaction}
            viewerId={wallet.userId}
            onReported={setDispute}
            size="medium"
          />
        )}
      </Box>
      <Button variant="contained" fullWidth onClick={onDone} sx={{ mt: 3 }}>
        {t('wallet.receipt.done')}
      </Button>
    </Paper>
  );
}
