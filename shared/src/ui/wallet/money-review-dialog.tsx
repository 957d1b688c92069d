import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Counterpart, MyLimits } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

export interface MoneyReview {
  counterpart: Counterpart;
  amount: number;
  /** The wallet's balance before the movement; unknown until the wallet has loaded. */
  balance: number | undefined;
  /** The caller's own limits on this movement (GET /wallet/limits); nothing is said of them until they have loaded. */
  limits?: MyLimits['movements'][number];
}

const movements = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'movement' : 'movements'}`;

/**
 * What the caller's own limits leave after this movement, or, where it goes past one, a warning
 * with what is left: the server still decides, this only says it before Confirm.
 */
function limitsAfter(amount: number, limits: NonNullable<MoneyReview['limits']>) {
  const lines: [string, string][] = [];
  const warnings: string[] = [];
  if (limits.minAmount !== null && amount < limits.minAmount)
    warnings.push(`This is less than the smallest amount allowed: ${formatTaka(limits.minAmount)} Taka`);
  if (limits.maxAmount !== null && amount > limits.maxAmount)
    warnings.push(`This is more than one movement allows: at most ${formatTaka(limits.maxAmount)} Taka at a time`);
  const periods = [
    { taka: limits.daily, count: limits.dailyCount, period: 'today', per: 'a day', limit: 'daily' },
    { taka: limits.monthly, count: limits.monthlyCount, period: 'this month', per: 'a month', limit: 'monthly' },
  ];
  for (const { taka, count, period, per, limit } of periods) {
    if (taka && amount > taka.left)
      warnings.push(`This is more than your ${limit} limit allows: ${formatTaka(taka.left)} Taka left ${period}`);
    else if (taka) lines.push([`Left ${period} after this`, `${formatTaka(Math.max(0, taka.left - amount))} Taka`]);
    if (count && count.left < 1)
      warnings.push(`This is one movement more than your ${limit} limit allows: at most ${count.limit} ${per}`);
    else if (count) lines.push([`Left ${period} after this`, movements(count.left - 1)]);
  }
  return { lines, warnings };
}

interface MoneyReviewDialogProps {
  title: string;
  /** "Receiver", "Agent", "User": who the money goes to. */
  counterpartLabel: string;
  review: MoneyReview | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What is about to happen, said once more before any money leaves the wallet. */
export function MoneyReviewDialog({
  title,
  counterpartLabel,
  review,
  pending,
  onConfirm,
  onCancel,
}: MoneyReviewDialogProps) {
  const balanceAfter = review && review.balance !== undefined ? review.balance - review.amount : undefined;
  const limits = review?.limits ? limitsAfter(review.amount, review.limits) : { lines: [], warnings: [] };
  return (
    <Dialog
      open={review !== null}
      onClose={() => !pending && onCancel()}
      aria-labelledby="money-review-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="money-review-title">{title}</DialogTitle>
      {review && (
        <DialogContent>
          <ReviewLines
            lines={[
              [counterpartLabel, review.counterpart.name],
              ['Email', review.counterpart.email],
              ['Amount', `${formatTaka(review.amount)} Taka`],
              ['Balance after', balanceAfter === undefined ? 'Loading...' : `${formatTaka(balanceAfter)} Taka`],
              ...limits.lines,
            ]}
          />
          {balanceAfter !== undefined && balanceAfter < 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              This is more than your balance.
            </Alert>
          )}
          {limits.warnings.map((warning) => (
            <Alert key={warning} severity="warning" sx={{ mt: 2 }}>
              {warning}
            </Alert>
          ))}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <SubmitButton pending={pending} fullWidth={false} onClick={onConfirm}>
          Confirm
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}

/** Label and value pairs as a description list: read as "Amount, 120.00 Taka". */
export function ReviewLines({ lines }: { lines: [string, ReactNode][] }) {
  return (
    <Typography component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
      {lines.map(([label, value], index) => (
        // A label may come twice ("Left today after this": Taka, then movements).
        <Box key={`${index}-${label}`} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Typography>
  );
}
