import { useState } from 'react';
import type { AdminKycRow, KycDecisionInput } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { KycDecisionDialog } from './kyc-decision-dialog';
import { KYC_DECISION_LABELS } from './labels';

/** "Approve" or "Reject": opens the dialog that asks for the reason and sends the decision. */
export function KycDecisionButton({
  request,
  decision,
}: {
  request: AdminKycRow;
  decision: KycDecisionInput['decision'];
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton pending={false} color={decision === 'approve' ? 'success' : 'error'} onClick={() => setOpen(true)}>
        {t(KYC_DECISION_LABELS[decision])}
      </ActionButton>
      {open && <KycDecisionDialog decision={decision} request={request} onClose={() => setOpen(false)} />}
    </>
  );
}
