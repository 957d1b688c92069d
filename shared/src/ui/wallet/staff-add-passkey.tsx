import { useState } from 'react';
import { useForm } from 'react-hook-form';
import useSWRMutation from 'swr/mutation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { apiRequest, errorMessage } from '@wallet/shared/api';
import { useAddPasskey, usePasskeyLogin } from '@wallet/shared/data';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useWalletT } from './messages';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/**
 * What proves a staff member may add a passkey: a code mailed to them (their first passkey, after
 * a password sign-in), nothing (within their invitation's five minutes), or one of their passkeys
 * used again now (every passkey after the first).
 */
export type StaffPasskeyProof = 'code' | 'fresh' | 'passkey';

/** A passkey's cancelled prompt is the person's choice, not a failure to explain. */
function failureText(error: unknown, fallback: string, cancelled: string) {
  return error instanceof Error && error.name === 'NotAllowedError' ? cancelled : errorMessage(error, fallback);
}

/**
 * Adds a staff member's passkey with the proof `proof` names; their first one's recovery codes are
 * shown once, and `onAdded` runs when they have kept them.
 */
export function StaffAddPasskey({ proof, onAdded }: { proof: StaffPasskeyProof; onAdded?: () => void }) {
  const t = useWalletT();
  const add = useAddPasskey();
  const confirm = usePasskeyLogin();
  const mailCode = useSWRMutation('/auth/passkey/code', (path: string) => apiRequest<null>(path, { method: 'POST' }));
  const [mailed, setMailed] = useState(false);
  const [codes, setCodes] = useState<string[] | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      // Every passkey after the first: one of them, used now, vouches for the new one.
      if (proof === 'passkey') await confirm.trigger();
      const added = await add.trigger(proof === 'code' ? { code: code.trim() } : {});
      reset();
      showToast(t('wallet.passkeys.added'), { variant: 'success' });
      if (added.data.recoveryCodes) setCodes(added.data.recoveryCodes);
      else onAdded?.();
    } catch (error) {
      setFailure(failureText(error, t('wallet.passkeys.addFailed'), t('wallet.staffPasskey.cancelled')));
    }
  });

  const askForCode = async () => {
    setFailure(null);
    try {
      await mailCode.trigger();
      setMailed(true);
      showToast(t('wallet.staffPasskey.codeMailed'), { variant: 'success' });
    } catch (error) {
      setFailure(errorMessage(error, t('wallet.passkeys.failed')));
    }
  };

  const pending = add.isMutating || confirm.isMutating;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('wallet.passkeys.add')}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {proof === 'code' && (
        <>
          <Box>
            <Button variant="outlined" disabled={mailCode.isMutating} onClick={askForCode}>
              {mailed ? t('wallet.staffPasskey.mailAgain') : t('wallet.staffPasskey.mailCode')}
            </Button>
          </Box>
          {mailed && (
            <FormTextField
              control={control}
              name="code"
              label={t('wallet.staffPasskey.code')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
            />
          )}
        </>
      )}
      {(proof !== 'code' || mailed) && (
        <Box>
          <SubmitButton pending={pending} fullWidth={false}>
            {proof === 'passkey' ? t('wallet.staffPasskey.confirmAndAdd') : t('wallet.passkeys.add')}
          </SubmitButton>
        </Box>
      )}
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(undefined);
          onAdded?.();
        }}
      />
    </Stack>
  );
}
