import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError, apiRequest, errorMessage } from '@wallet/shared/api';
import { isPageOf } from '@wallet/shared/data';
import { ADMIN_REVERSE_PATH, reverseInputSchema, type ReverseInput, type Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { showToast } from '@wallet/shared/toasts';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';
import { ActionButton } from '../../components/action-button';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { ReasonField } from '../../components/reason-field';
import { ADMIN_TRANSACTIONS } from '../admin/admin-api';

const REVERSE_FAILED = 'The transfer could not be reversed. Please try again.';

/** POST /admin/reverse/{id}; the transactions are asked for again whatever the answer. */
function useReverse(transactionId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${ADMIN_REVERSE_PATH}/${transactionId}`,
    async (path: string, { arg }: { arg: ReverseInput }) => {
      try {
        return await apiRequest<Transaction>(path, { method: 'POST', body: arg });
      } finally {
        await mutate(isPageOf(ADMIN_TRANSACTIONS));
      }
    },
  );
}

/** Why the admin reverses it: required, kept in the audit log. */
function ReverseDialog({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const descriptionId = useId();
  const { trigger, isMutating } = useReverse(transaction._id);
  const { control, handleSubmit } = useForm<ReverseInput>({
    resolver: zodResolver(reverseInputSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, REVERSE_FAILED), { variant: 'error' });
      // Refused for good (reversed meanwhile, the money gone, not a transfer): nothing to retry here.
      if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) return;
    }
    onClose();
  });
  return (
    <Dialog
      open
      onClose={isMutating ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-describedby={descriptionId}
      slotProps={{ paper: { component: 'form', onSubmit } }}
    >
      <DialogTitle>{`Reverse the transfer of ${formatTaka(transaction.balance)} Taka?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {`From ${partyName(transaction.sender)} to ${partyName(transaction.receiver)} on ${formatDateTime(transaction.createdAt)}. ` +
            'The amount goes back to the sender with any fee they paid, as a new transaction linked to this one; ' +
            'this one is never changed. The reason is kept in the audit log.'}
        </DialogContentText>
        <ReasonField control={control} name="reason" />
      </DialogContent>
      <DialogFormActions pending={isMutating} onCancel={onClose} submitLabel="Reverse" />
    </Dialog>
  );
}

/** "Reverse" on a transfer not yet reversed; nothing on any other row. */
export function ReverseButton({ transaction }: { transaction: Transaction }) {
  const [open, setOpen] = useState(false);
  if (transaction.type !== 'transfer' || transaction.reversedBy) return null;
  return (
    <>
      <ActionButton
        pending={false}
        aria-label={`Reverse the transfer from ${partyName(transaction.sender)} to ${partyName(transaction.receiver)}`}
        onClick={() => setOpen(true)}
      >
        Reverse
      </ActionButton>
      {open && <ReverseDialog transaction={transaction} onClose={() => setOpen(false)} />}
    </>
  );
}
