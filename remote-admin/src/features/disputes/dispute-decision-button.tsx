import { useState } from 'react';
import type { DisputeDecisionInput, DisputeRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';
import { ActionButton } from '../../components/action-button';
import { useDisputeDecision } from './disputes-api';
import { DISPUTE_DECISION_LABELS } from './labels';

const DECISION_FAILED = 'The decision could not be saved. Please try again.';

type Decision = DisputeDecisionInput['decision'];

const CONSEQUENCE: Record<Decision, string> = {
  reverse: 'The amount goes back to the sender with any fee they paid, as a new transaction linked to the transfer. ',
  reject: 'The transfer stays as it is, and the sender cannot report it again. ',
};

/** Why the admin reverses or rejects: required, shown to the sender and kept in the audit log. */
function DecisionDialog({
  decision,
  dispute,
  onClose,
}: {
  decision: Decision;
  dispute: DisputeRow;
  onClose: () => void;
}) {
  const { trigger, isMutating } = useDisputeDecision(dispute._id);
  const { transaction } = dispute;
  return (
    <ReasonDialog
      title={
        decision === 'reverse'
          ? `Reverse the transfer of ${formatTaka(transaction.balance)} Taka?`
          : `Reject the report of ${partyName(transaction.sender)}?`
      }
      description={
        `From ${partyName(transaction.sender)} to ${partyName(transaction.receiver)} on ${formatDateTime(transaction.createdAt)}. ` +
        CONSEQUENCE[decision] +
        'The reason is shown to the sender and kept in the audit log.'
      }
      submitLabel={DISPUTE_DECISION_LABELS[decision]}
      send={(reason) => trigger({ decision, reason })}
      pending={isMutating}
      failure={DECISION_FAILED}
      onClose={onClose}
    />
  );
}

/** "Reverse" or "Reject" on an open report: opens the dialog that asks for the reason. */
export function DisputeDecisionButton({ dispute, decision }: { dispute: DisputeRow; decision: Decision }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton
        pending={false}
        color={decision === 'reverse' ? 'success' : 'error'}
        aria-label={`${DISPUTE_DECISION_LABELS[decision]}: the report of ${partyName(dispute.transaction.sender)} on ${formatDateTime(dispute.reportedAt)}`}
        onClick={() => setOpen(true)}
      >
        {DISPUTE_DECISION_LABELS[decision]}
      </ActionButton>
      {open && <DecisionDialog decision={decision} dispute={dispute} onClose={() => setOpen(false)} />}
    </>
  );
}
