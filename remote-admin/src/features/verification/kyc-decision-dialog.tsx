import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { ApiError } from '@wallet/shared/api';
import {
  KYC_CHECKS,
  KYC_IDENTITY_DOCUMENTS,
  type AdminKycRow,
  type KycCheck,
  type KycDecisionInput,
} from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { useT } from '../../i18n';
import { useKycDecision } from './kyc-api';
import { KYC_CHECK_LABELS, KYC_DECISION_TITLES } from './labels';

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
  const approving = decision === 'approve';
  const [checked, setChecked] = useState<KycCheck[]>([]);
  const [tried, setTried] = useState(false);
  const documentSeen = checked.some((check) => KYC_IDENTITY_DOCUMENTS.includes(check));
  return (
    <ReasonDialog
      title={t(KYC_DECISION_TITLES[decision], { name: request.person.name })}
      description={t('admin.kyc.description', {
        email: request.person.email,
        when: formatDateTime(request.requestedAt),
      })}
      submitLabel={t('admin.confirm')}
      send={(reason) => trigger({ decision, reason, checked: approving ? checked : [] })}
      ready={() => {
        setTried(true);
        return !approving || documentSeen;
      }}
      pending={isMutating}
      failure={t('admin.decisionFailed')}
      isFinal={decidedMeanwhile}
      onClose={onClose}
    >
      {approving && (
        <FormControl component="fieldset" error={tried && !documentSeen} sx={{ mb: 2 }}>
          <FormLabel component="legend">{t('admin.kyc.checked.legend')}</FormLabel>
          <FormGroup>
            {KYC_CHECKS.map((check) => (
              <FormControlLabel
                key={check}
                label={t(KYC_CHECK_LABELS[check])}
                control={
                  <Checkbox
                    checked={checked.includes(check)}
                    onChange={(event) =>
                      setChecked((now) =>
                        event.target.checked ? [...now, check] : now.filter((other) => other !== check),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {tried && !documentSeen && <FormHelperText>{t('admin.kyc.checked.needed')}</FormHelperText>}
        </FormControl>
      )}
    </ReasonDialog>
  );
}
