import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { verifyEmailInputSchema } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { formatDay } from '@wallet/shared/dates';
import { selectRole, useSession } from '@wallet/shared/session';
import { ROLE_HOME } from '@wallet/shared/areas';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT } from '../../i18n/auth';
import { AuthCard } from '../auth/auth-card';
import { useDeclineSignup, useLinkAccount, useVerifyEmail } from './use-verify-email';

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
 * "I did not sign up", asked twice: closing an account cannot be undone, and the link's owner may
 * have clicked by mistake.
 */
function DeclineSignup({ token }: { token: string }) {
  const t = useAuthT();
  const [asking, setAsking] = useState(false);
  const { trigger, isMutating, data, error } = useDeclineSignup();
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data) done.current?.focus();
  }, [data]);

  if (data) {
    return (
      <Alert ref={done} tabIndex={-1} severity="success" role="status">
        {t('public.verify.declined')}
      </Alert>
    );
  }
  if (!asking) {
    return (
      <Box>
        <Button variant="text" color="inherit" onClick={() => setAsking(true)}>
          {t('public.verify.decline')}
        </Button>
      </Box>
    );
  }
  return (
    <Stack spacing={1}>
      <Alert severity="warning">{t('public.verify.declineWarning')}</Alert>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          color="error"
          disabled={isMutating}
          onClick={() => void trigger({ token }).catch(() => undefined)}
        >
          {t('public.verify.declineConfirm')}
        </Button>
        <Button variant="text" onClick={() => setAsking(false)} disabled={isMutating}>
          {t('public.verify.declineCancel')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{errorMessage(error, t('public.verify.declineFailed'))}</Alert>}
    </Stack>
  );
}

/**
 * The page a verification mail links to. It says which account the link is for (the address and
 * when it signed up: never the name, which whoever signed up typed), and posts the token only when
 * the person confirms: a mail scanner that fetches the link must not use it up. The address's owner
 * who never signed up closes the account instead.
 */
export default function VerifyEmailPage() {
  const t = useAuthT();
  const [params] = useSearchParams();
  const input = verifyEmailInputSchema.safeParse({ token: params.get('token') ?? undefined });
  const { trigger, isMutating, data, error } = useVerifyEmail();
  const account = useLinkAccount(input.success ? input.data.token : undefined);
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
      ) : account.error ? (
        <Stack spacing={2}>
          <Alert severity="error">{errorMessage(account.error, t('public.verify.failed'))}</Alert>
          <NextStep />
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={confirm} noValidate>
          {account.data && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('public.verify.account', {
                email: account.data.email,
                date: formatDay(new Date(account.data.signedUpAt)),
              })}
            </Typography>
          )}
          <SubmitButton pending={isMutating}>{t('public.verify.confirm')}</SubmitButton>
          {error && <Alert severity="error">{errorMessage(error, t('public.verify.failed'))}</Alert>}
          {error && <NextStep />}
          {!error && account.data && <DeclineSignup token={input.data.token} />}
        </Stack>
      )}
    </AuthCard>
  );
}
