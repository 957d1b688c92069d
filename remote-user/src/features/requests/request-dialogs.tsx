import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { errorMessage } from '@wallet/shared/api';
import type { MoneyRequest } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { showToast } from '@wallet/shared/toasts';
import { useT } from '../../i18n';
import { ConfirmRequestDialog } from './confirm-request-dialog';
import { useCancelRequest, useDeclineRequest } from './use-requests';

interface RequestDialogProps {
  request: MoneyRequest;
  onClose: () => void;
}

/** Declining says no to the requester (they are told); the box also blocks them, which they are not told. */
export function DeclineDialog({ request, onClose }: RequestDialogProps) {
  const t = useT();
  const { trigger, isMutating } = useDeclineRequest();
  const [block, setBlock] = useState(false);
  const name = request.requester.name;
  async function decline() {
    try {
      await trigger({ id: request._id, block });
      showToast(block ? t('user.requests.declinedBlocked', { name }) : t('user.requests.declined'), {
        variant: 'success',
      });
    } catch (error) {
      showToast(errorMessage(error, t('user.requests.declineFailed')), { variant: 'error' });
    }
    onClose();
  }
  return (
    <ConfirmRequestDialog
      title={t('user.requests.declineTitle')}
      text={t('user.requests.declineText', { name, amount: formatTaka(request.amount) })}
      confirmLabel={t('user.requests.decline')}
      pending={isMutating}
      onConfirm={() => void decline()}
      onClose={onClose}
    >
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Checkbox
            checked={block}
            onChange={(event) => setBlock(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'request-block-hint' } }}
          />
        }
        label={t('user.requests.block', { name })}
      />
      <FormHelperText id="request-block-hint" sx={{ mx: 0 }}>
        {t('user.requests.blockHint')}
      </FormHelperText>
    </ConfirmRequestDialog>
  );
}

/** Cancelling takes a request of one's own back: the person asked can no longer pay it. */
export function CancelDialog({ request, onClose }: RequestDialogProps) {
  const t = useT();
  const { trigger, isMutating } = useCancelRequest();
  async function cancel() {
    try {
      await trigger(request._id);
      showToast(t('user.requests.cancelled'), { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, t('user.requests.cancelFailed')), { variant: 'error' });
    }
    onClose();
  }
  return (
    <ConfirmRequestDialog
      title={t('user.requests.cancelTitle')}
      text={t('user.requests.cancelText', { name: request.payer.name, amount: formatTaka(request.amount) })}
      confirmLabel={t('user.requests.cancelConfirm')}
      pending={isMutating}
      onConfirm={() => void cancel()}
      onClose={onClose}
    />
  );
}
