import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiRequest, errorMessage, ME_KEY } from '@wallet/shared/api';
import type { User } from '@wallet/shared/contracts';
import { usePasskeyLogin } from '@wallet/shared/data';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useT } from '../../i18n';

/** POST /auth/recovery: one of the member's recovery codes completes this session; it is read again. */
function useRecoveryCode() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/recovery', async (path: string, { arg }: { arg: { code: string } }) => {
    const envelope = await apiRequest<User>(path, { method: 'POST', body: arg });
    useSession.getState().setUser(envelope.data);
    await mutate(ME_KEY);
    return envelope;
  });
}

/**
 * A staff member's password sign-in, completed: with their passkey (a new session, the password's
 * replaced), or, when it is lost, with one of their recovery codes.
 */
export function CompleteSignIn() {
  const t = useT();
  const passkey = usePasskeyLogin();
  const recovery = useRecoveryCode();
  const [failure, setFailure] = useState<string | null>(null);
  // The server reads the code (spaces, dashes and case aside) and says what is wrong with it.
  const { control, handleSubmit } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const usePasskey = async () => {
    setFailure(null);
    try {
      await passkey.trigger();
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      setFailure(cancelled ? t('admin.secondFactor.cancelled') : errorMessage(error, t('admin.secondFactor.failed')));
    }
  };
  const onRecovery = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await recovery.trigger({ code });
      showToast(t('admin.secondFactor.recovered'), { variant: 'success' });
    } catch (error) {
      setFailure(errorMessage(error, t('admin.secondFactor.failed')));
    }
  });

  return (
    <Stack spacing={2}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box>
        <Button variant="contained" disabled={passkey.isMutating} onClick={usePasskey}>
          {passkey.isMutating ? t('admin.secondFactor.waiting') : t('admin.secondFactor.usePasskey')}
        </Button>
      </Box>
      <Divider />
      <Typography variant="body2" color="text.secondary">
        {t('admin.secondFactor.lost')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={onRecovery}
        noValidate
        aria-label={t('admin.secondFactor.useRecovery')}
        sx={{ maxWidth: 360 }}
      >
        <FormTextField
          control={control}
          name="code"
          label={t('admin.secondFactor.recoveryCode')}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Box>
          <SubmitButton pending={recovery.isMutating} fullWidth={false}>
            {t('admin.secondFactor.useRecovery')}
          </SubmitButton>
        </Box>
      </Stack>
    </Stack>
  );
}
