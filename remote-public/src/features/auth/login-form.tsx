import { useForm } from 'react-hook-form';
import { Trans } from '@lingui/react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginInput, Role, User } from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useLogin } from '@wallet/shared/data';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { GoogleIcon } from '@wallet/shared/ui/kit/icons';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT, type AuthMessage } from '../../i18n/auth';
import { safeNextPath, withNext } from '../../lib/next-path';
import { PasskeySignIn } from './passkey-sign-in';

const NO_ACCOUNT: AuthMessage = 'public.login.noAccount';

/**
 * Spec §5: the login schema is not applied in the browser; the server's answer decides. Signed in,
 * to `?next=` (or the guard's `state.next`) when it is a page of this site the person may open
 * (safeNextPath), else to `/`.
 */
export function LoginForm() {
  const t = useAuthT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // `?next=` from a link (a payment link's "Sign in to pay"), or the history entry's state from the
  // host's guard, which keeps the spec's plain /login address.
  const { state } = useLocation() as { state: { next?: unknown } | null };
  const next = params.get('next') ?? (typeof state?.next === 'string' ? state.next : null);
  const { trigger, isMutating } = useLogin();
  const { control, handleSubmit } = useForm<LoginInput>({ defaultValues: { email: '', password: '' } });
  const onSignedIn = (role: Role | undefined) => navigate(safeNextPath(next, role) ?? '/');

  const onSubmit = handleSubmit(async (credentials) => {
    let role: Role | undefined;
    try {
      // The login answer is the person signed in (the API's userSchema).
      role = ((await trigger(credentials)).data as Partial<User> | undefined)?.role;
    } catch (error) {
      showToast(errorMessage(error, t('public.login.failed')), { variant: 'error' });
      return;
    }
    showToast(t('public.login.success'), { variant: 'success' });
    onSignedIn(role);
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
      <PasskeySignIn onSignedIn={onSignedIn} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Trans
          id={NO_ACCOUNT}
          components={{ 0: <Link component={RouterLink} to={withNext('/register', safeNextPath(next))} /> }}
        />
      </Typography>
    </Stack>
  );
}
