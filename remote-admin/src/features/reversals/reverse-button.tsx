import { useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf } from '@wallet/shared/data';
import { ADMIN_REVERSE_PATH, type ReverseInput, type Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';
import { ActionButton } from '../../components/action-button';
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
  const { trigger, isMutating } = useReverse(transaction._id);
  return (
    <ReasonDialog
      title={`Reverse the transfer of ${formatTaka(transaction.balance)} Taka?`}
      description={
        `From ${partyName(transaction.sender)} to ${partyName(transaction.receiver)} on ${formatDateTime(transaction.createdAt)}. ` +
        'The amount goes back to the sender with any fee they paid, as a new transaction linked to this one; ' +
        'this one is never changed. The reason is kept in the audit log.'
      }
      submitLabel="Reverse"
      send={(reason) => trigger({ reason })}
      pending={isMutating}
      failure={REVERSE_FAILED}
      onClose={onClose}
    />
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
