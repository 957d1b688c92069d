import { useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf } from '@wallet/shared/data';
import { ADMIN_REVERSE_PATH, type ReverseInput, type Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { ActionButton } from '../../components/action-button';
import { partyName } from '../../format';
import { useT } from '../../i18n';
import { ADMIN_TRANSACTIONS } from '../admin/admin-api';
import { shownFor } from '../staff/staff-access';

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
  const t = useT();
  const { trigger, isMutating } = useReverse(transaction._id);
  return (
    <ReasonDialog
      title={t('admin.reverse.title', { amount: formatTaka(transaction.balance) })}
      description={t('admin.reverse.description', {
        sender: partyName(t, transaction.sender),
        receiver: partyName(t, transaction.receiver),
        when: formatDateTime(transaction.createdAt),
      })}
      submitLabel={t('admin.dispute.decision.reverse')}
      send={(reason) => trigger({ reason })}
      pending={isMutating}
      failure={t('admin.reverse.failed')}
      onClose={onClose}
    />
  );
}

/** "Reverse" on a transfer not yet reversed; nothing on any other row. */
function ReverseButtonShown({ transaction }: { transaction: Transaction }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (transaction.type !== 'transfer' || transaction.reversedBy) return null;
  return (
    <>
      <ActionButton
        pending={false}
        aria-label={t('admin.reverse.label', {
          sender: partyName(t, transaction.sender),
          receiver: partyName(t, transaction.receiver),
        })}
        onClick={() => setOpen(true)}
      >
        {t('admin.dispute.decision.reverse')}
      </ActionButton>
      {open && <ReverseDialog transaction={transaction} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Only for a member whose roles may (POST /api/v1/admin/reverse/:id). */
export const ReverseButton = shownFor('POST /api/v1/admin/reverse/:id', ReverseButtonShown);
