import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Counterpart } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

export interface MoneyReview {
  counterpart: Counterpart;
  amount: number;
  /** The wallet's balance before the movement; unknown until the wallet has loaded. */
  balance: number | undefined;
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
            ]}
          />
          {balanceAfter !== undefined && balanceAfter < 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              This is more than your balance.
            </Alert>
          )}
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
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
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
