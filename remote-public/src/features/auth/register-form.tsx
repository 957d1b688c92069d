import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react';
import { Link as RouterLink, useNavigate, useSearchParams } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerInputSchema, type RegisterInput } from '@wallet/shared/contracts';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { useRegister } from '@wallet/shared/data';
import { catalogsReady } from '@wallet/shared/i18n';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT, type AuthMessage } from '../../i18n/auth';
import { safeNextPath, withNext } from '../../lib/next-path';

const HAS_ACCOUNT: AuthMessage = 'public.register.hasAccount';

/** The login page's code and words, fetched before the address says /login. */
const loginPageReady = () => import('./login-page').then(() => catalogsReady());

export function RegisterForm() {
  const t = useAuthT();
  const navigate = useNavigate();
  // Where the login that follows goes once signed in (`?next=`, checked again there).
  const [params] = useSearchParams();
  const login = withNext('/login', safeNextPath(params.get('next')));
  const { trigger, isMutating } = useRegister();
  // Registered, on the way to /login: the form stays, disabled, until the login page is ready, so
  // the address and the page change together and nothing typed meanwhile lands in this form.
  const [leaving, setLeaving] = useState(false);
  const { control, handleSubmit } = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await trigger(input);
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409;
      showToast(taken ? t('public.register.exists') : errorMessage(error, t('public.register.failed')), {
        variant: 'error',
      });
      return;
    }
    showToast(t('public.register.success'), { variant: 'success' });
    setLeaving(true);
    await loginPageReady().catch(() => undefined);
    navigate(login);
  });

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Box component="fieldset" disabled={leaving} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Stack spacing={2}>
          <FormTextField control={control} name="name" label={t('public.form.name')} autoComplete="name" />
          <FormTextField
            control={control}
            name="email"
            label={t('public.form.email')}
            type="email"
            autoComplete="email"
          />
          <PasswordField control={control} name="password" autoComplete="new-password" />
        </Stack>
      </Box>
      <SubmitButton pending={isMutating || leaving}>{t('public.register.submit')}</SubmitButton>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Trans id={HAS_ACCOUNT} components={{ 0: <Link component={RouterLink} to={login} /> }} />
      </Typography>
    </Stack>
  );
}
