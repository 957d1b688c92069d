import { useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiRequest } from '@wallet/shared/api';
import {
  DISPUTE_TEXTS,
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
import { useWalletT, type WalletMessage, type WalletT } from './messages';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';

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

const DISPUTE_MESSAGES: Record<TransactionDispute['status'], WalletMessage> = {
  open: 'wallet.report.open',
  reversed: 'wallet.report.reversed',
  rejected: 'wallet.report.rejected',
};

/** How the sender reads their report of a transfer: waiting, or the admin's decision and reason. */
export function disputeText(t: WalletT, dispute: TransactionDispute) {
  const outcome = t(DISPUTE_MESSAGES[dispute.status]);
  if (dispute.status === 'open') return outcome;
  return dispute.decision ? t('wallet.report.withDecision', { outcome, decision: dispute.decision }) : outcome;
}

/** The report's state under a transfer's status, as its sender sees it. */
export function DisputeNote({ dispute }: { dispute: TransactionDispute }) {
  const t = useWalletT();
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 260 }}>
      {disputeText(t, dispute)}
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
  const t = useWalletT();
  const { trigger, isMutating } = useReport(transaction._id);
  const send = async (reason: string) => {
    const envelope = await trigger({ reason });
    const { _id, status, decision } = envelope.data;
    onReported?.({ _id, status, decision });
    // The server says the contracts' words (DISPUTE_TEXTS.reported): the page says them in its language.
    return {
      ...envelope,
      message: envelope.message === DISPUTE_TEXTS.reported ? t('wallet.report.sent') : envelope.message,
    };
  };
  return (
    <ReasonDialog
      title={t('wallet.report.title')}
      description={t('wallet.report.description', {
        amount: formatTaka(transaction.balance),
        name: partyName(transaction.receiver, t('wallet.party.none')),
        time: formatDateTime(transaction.createdAt),
      })}
      reasonLabel={t('wallet.report.reason')}
      submitLabel={t('wallet.report.send')}
      send={send}
      pending={isMutating}
      failure={t('wallet.report.failed')}
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
  const t = useWalletT();
  const [open, setOpen] = useState(false);
  if (!canReport(transaction, viewerId)) return null;
  return (
    <>
      <Button
        size={size}
        variant="text"
        aria-label={t('wallet.report.buttonLabel', {
          name: partyName(transaction.receiver, t('wallet.party.none')),
          time: formatDateTime(transaction.createdAt),
        })}
        onClick={() => setOpen(true)}
        sx={{ display: 'block', px: 0, minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {t('wallet.report.button')}
      </Button>
      {open && <ReportDialog transaction={transaction} onClose={() => setOpen(false)} onReported={onReported} />}
    </>
  );
}
