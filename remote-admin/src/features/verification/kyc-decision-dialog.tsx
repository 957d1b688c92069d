import { ApiError } from '@wallet/shared/api';
import type { AdminKycRow, KycDecisionInput } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { useT } from '../../i18n';
import { useKycDecision } from './kyc-api';
import { KYC_DECISION_TITLES } from './labels';

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
  const t = useT();
  const { trigger, isMutating } = useKycDecision(request._id);
  return (
    <ReasonDialog
      title={t(KYC_DECISION_TITLES[decision], { name: request.person.name })}
      description={t('admin.kyc.description', {
        email: request.person.email,
        when: formatDateTime(request.requestedAt),
      })}
      submitLabel={t('admin.confirm')}
      send={(reason) => trigger({ decision, reason })}
      pending={isMutating}
      failure={t('admin.decisionFailed')}
      isFinal={decidedMeanwhile}
      onClose={onClose}
    />
  );
}
