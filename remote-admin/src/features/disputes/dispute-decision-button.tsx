import { useState } from 'react';
import type { DisputeDecisionInput, DisputeRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { ActionButton } from '../../components/action-button';
import { partyName } from '../../format';
import { useT, type AdminMessage } from '../../i18n';
import { useDisputeDecision } from './disputes-api';
import { DISPUTE_DECISION_LABELS } from './labels';
import { useMay } from '../staff/staff-access';

type Decision = DisputeDecisionInput['decision'];

/** What the decision does, and where the reason goes. */
const DESCRIPTIONS: Record<Decision, AdminMessage> = {
  reverse: 'admin.dispute.description.reverse',
  reject: 'admin.dispute.description.reject',
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
  const t = useT();
  const { trigger, isMutating } = useDisputeDecision(dispute._id);
  const { transaction } = dispute;
  return (
    <ReasonDialog
      title={
        decision === 'reverse'
          ? t('admin.reverse.title', { amount: formatTaka(transaction.balance) })
          : t('admin.dispute.rejectTitle', { sender: partyName(t, transaction.sender) })
      }
      description={t(DESCRIPTIONS[decision], {
        sender: partyName(t, transaction.sender),
        receiver: partyName(t, transaction.receiver),
        when: formatDateTime(transaction.createdAt),
      })}
      submitLabel={t(DISPUTE_DECISION_LABELS[decision])}
      send={(reason) => trigger({ decision, reason })}
      pending={isMutating}
      failure={t('admin.decisionFailed')}
      onClose={onClose}
    />
  );
}

/** "Reverse" or "Reject" on an open report: opens the dialog that asks for the reason. */
export function DisputeDecisionButton({ dispute, decision }: { dispute: DisputeRow; decision: Decision }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Reversing moves money: finance's (the API asks for it too); support rejects.
  const may = useMay(decision === 'reverse' ? 'POST /api/v1/admin/reverse/:id' : 'PATCH /api/v1/admin/disputes/:id');
  const label = t(DISPUTE_DECISION_LABELS[decision]);
  if (!may) return null;
  return (
    <>
      <ActionButton
        pending={false}
        color={decision === 'reverse' ? 'success' : 'error'}
        aria-label={t('admin.dispute.decisionLabel', {
          decision: label,
          sender: partyName(t, dispute.transaction.sender),
          when: formatDateTime(dispute.reportedAt),
        })}
        onClick={() => setOpen(true)}
      >
        {label}
      </ActionButton>
      {open && <DecisionDialog decision={decision} dispute={dispute} onClose={() => setOpen(false)} />}
    </>
  );
}
