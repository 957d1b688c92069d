import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { verifyEmailInputSchema } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { ROLE_HOME, selectRole, useSession } from '@wallet/shared/session';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT } from '../../i18n/auth';
import { AuthCard } from '../auth/auth-card';
import { useVerifyEmail } from './use-verify-email';

/** Where to go next: the person's dashboard when signed in, else the login page. */
function NextStep() {
  const t = useAuthT();
  const role = useSession(selectRole);
  return (
    <Box>
      <Button component={RouterLink} to={role ? ROLE_HOME[role].path : '/login'} variant="outlined">
        {t(role ? `public.verify.next.${role}` : 'public.verify.next.login')}
      </Button>
    </Box>
  );
}

/**
 * The page a verification mail links to. It posts the token only when the person confirms: a
 * mail scanner that fetches the link must not use it up.
 */
export default function VerifyEmailPage() {
  const t = useAuthT();
  const [params] = useSearchParams();
  const input = verifyEmailInputSchema.safeParse({ token: params.get('token') ?? undefined });
  const { trigger, isMutating, data, error } = useVerifyEmail();
  const verified = useRef<HTMLDivElement>(null);

  // The button leaves once the link worked: focus moves to what happened, not to the page's top.
  useEffect(() => {
    if (data) verified.current?.focus();
  }, [data]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!input.success) return;
    // A refusal is shown from the mutation's `error`.
    await trigger(input.data).catch(() => undefined);
  };

  return (
    <AuthCard title={t('public.verify.title')} subtitle={t('public.verify.subtitle')}>
      {!input.success ? (
        <Alert severity="error">{t('public.verify.linkInvalid')}</Alert>
      ) : data ? (
        <Stack spacing={2}>
          <Alert ref={verified} tabIndex={-1} severity="success" role="status">
            {data.message || t('public.verify.verified')}
          </Alert>
          <NextStep />
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={confirm} noValidate>
          <SubmitButton pending={isMutating}>{t('public.verify.confirm')}</SubmitButton>
          {error && <Alert severity="error">{errorMessage(error, t('public.verify.failed'))}</Alert>}
          {error && <NextStep />}
        </Stack>
      )}
    </AuthCard>
  );
}
