import { useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiRequest } from '@wallet/shared/api';
import {
  DISPUTE_WINDOW_HOURS,
  disputePath,
  type DisputeInput,
  type DisputeRow,
  type Transaction,
  type TransactionDispute,
} from '@wallet/shared/contracts';
import { isPageOf, MY_TRANSACTIONS_PATH } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';

const REPORT_FAILED = 'Your report could not be sent. Please try again.';
const HOUR_MS = 3_600_000;

type Reportable = Pick<Transaction, '_id' | 'type' | 'sender' | 'receiver' | 'balance' | 'createdAt'> &
  Partial<Pick<Transaction, 'reversedBy' | 'dispute'>>;

/**
 * Whether the viewer may report this movement: a transfer they sent, not reversed, not reported,
 * within 7 × 24 hours of it (the API holds every rule; this only offers the button where it can work).
 */
export function canReport(transaction: Reportable, viewerId: string | undefined, now = Date.now()) {
  return (
    transaction.type === 'transfer' &&
    viewerId !== undefined &&
    transaction.sender?._id === viewerId &&
    !transaction.reversedBy &&
    !transaction.dispute &&
    now < Date.parse(transaction.createdAt) + DISPUTE_WINDOW_HOURS * HOUR_MS
  );
}

/** How the sender reads their report of a transfer: waiting, or the admin's decision and reason. */
export function disputeText(dispute: TransactionDispute) {
  if (dispute.status === 'open') return 'Reported: under review';
  const outcome = dispute.status === 'reversed' ? 'Report upheld, transfer reversed' : 'Report rejected';
  return dispute.decision ? `${outcome}: ${dispute.decision}` : outcome;
}

/** The report's state under a transfer's status, as its sender sees it. */
export function DisputeNote({ dispute }: { dispute: TransactionDispute }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 260 }}>
      {disputeText(dispute)}
    </Typography>
  );
}

/** POST /transaction/{id}/dispute; the history is asked for again whatever the answer. */
function useReport(transactionId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(disputePath(transactionId), async (path: string, { arg }: { arg: DisputeInput }) => {
    try {
      return await apiRequest<DisputeRow>(path, { method: 'POST', body: arg });
    } finally {
      void mutate(isPageOf(MY_TRANSACTIONS_PATH));
    }
  });
}

function ReportDialog({
  transaction,
  onClose,
  onReported,
}: {
  transaction: Reportable;
  onClose: () => void;
  onReported?: (dispute: TransactionDispute) => void;
}) {
  const { trigger, isMutating } = useReport(transaction._id);
  const send = async (reason: string) => {
    const envelope = await trigger({ reason });
    const { _id, status, decision } = envelope.data;
    onReported?.({ _id, status, decision });
    return envelope;
  };
  return (
    <ReasonDialog
      title="Report a problem with this transfer"
      description={
        `${formatTaka(transaction.balance)} Taka to ${partyName(transaction.receiver)} on ${formatDateTime(transaction.createdAt)}. ` +
        'Tell us what went wrong, for example the wrong person or the wrong amount. We look into every report ' +
        'within 24 hours; if we reverse the transfer, the amount and any fee come back to your wallet.'
      }
      reasonLabel="What went wrong"
      submitLabel="Send report"
      send={send}
      pending={isMutating}
      failure={REPORT_FAILED}
      onClose={onClose}
    />
  );
}

/** "Report a problem" on a transfer the viewer may still report; nothing on any other movement. */
export function ReportProblemButton({
  transaction,
  viewerId,
  onReported,
  size = 'small',
}: {
  transaction: Reportable;
  viewerId: string | undefined;
  onReported?: (dispute: TransactionDispute) => void;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  if (!canReport(transaction, viewerId)) return null;
  return (
    <>
      <Button
        size={size}
        variant="text"
        aria-label={`Report a problem with the transfer to ${partyName(transaction.receiver)} on ${formatDateTime(transaction.createdAt)}`}
        onClick={() => setOpen(true)}
        sx={{ display: 'block', px: 0, minWidth: 0, whiteSpace: 'nowrap' }}
      >
        Report a problem
      </Button>
      {open && <ReportDialog transaction={transaction} onClose={() => setOpen(false)} onReported={onReported} />}
    </>
  );
}
