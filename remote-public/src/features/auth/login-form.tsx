import { useForm } from 'react-hook-form';
import { Trans } from '@lingui/react';
import { Link as RouterLink, useNavigate } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginInput } from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useLogin } from '@wallet/shared/data';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { GoogleIcon } from '@wallet/shared/ui/kit/icons';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT, type AuthMessage } from '../../i18n/auth';
import { PasskeySignIn } from './passkey-sign-in';

const NO_ACCOUNT: AuthMessage = 'public.login.noAccount';

/** Spec §5: the login schema is not applied in the browser; the server's answer decides. */
export function LoginForm() {
  const t = useAuthT();
  const navigate = useNavigate();
  const { trigger, isMutating } = useLogin();
  const { control, handleSubmit } = useForm<LoginInput>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await trigger(credentials);
    } catch (error) {
      showToast(errorMessage(error, t('public.login.failed')), { variant: 'error' });
      return;
    }
    showToast(t('public.login.success'), { variant: 'success' });
    navigate('/');
  });

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <FormTextField control={control} name="email" label={t('public.form.email')} type="email" autoComplete="email" />
      <PasswordField control={control} name="password" autoComplete="current-password" />
      <SubmitButton pending={isMutating}>{t('public.login.submit')}</SubmitButton>
      <Divider>{t('public.login.or')}</Divider>
      <Button
        variant="outlined"
        startIcon={<GoogleIcon />}
        onClick={() => window.location.assign(apiUrl('/auth/google'))}
      >
        {t('public.login.google')}
      </Button>
      <PasskeySignIn onSignedIn={() => navigate('/')} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Trans id={NO_ACCOUNT} components={{ 0: <Link component={RouterLink} to="/register" /> }} />
      </Typography>
    </Stack>
  );
}
