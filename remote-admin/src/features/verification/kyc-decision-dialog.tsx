import { ApiError } from '@wallet/shared/api';
import type { AdminKycRow, KycDecisionInput } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { useKycDecision } from './kyc-api';
import { KYC_DECISION_LABELS } from './labels';

const DECISION_FAILED = 'The decision could not be saved. Please try again.';

/** Already decided (or gone): nothing left to decide. Anything else may work again, reason kept. */
const decidedMeanwhile = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

interface KycDecisionDialogProps {
  decision: KycDecisionInput['decision'];
  request: AdminKycRow;
  onClose: () => void;
}

/** Why the admin approves or rejects: required, kept with the decision and in the audit log. */
export function KycDecisionDialog({ decision, request, onClose }: KycDecisionDialogProps) {
  const { trigger, isMutating } = useKycDecision(request._id);
  return (
    <ReasonDialog
      title={`${KYC_DECISION_LABELS[decision]} the identity of ${request.person.name}?`}
      description={
        `${request.person.email} asked on ${formatDateTime(request.requestedAt)}. ` +
        'The reason is kept with the decision and in the audit log.'
      }
      submitLabel="Confirm"
      send={(reason) => trigger({ decision, reason })}
      pending={isMutating}
      failure={DECISION_FAILED}
      isFinal={decidedMeanwhile}
      onClose={onClose}
    />
  );
}
