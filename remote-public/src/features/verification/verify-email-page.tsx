import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { VERIFICATION_ERRORS, VERIFICATION_TEXTS, verifyEmailInputSchema } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { ROLE_HOME, selectRole, useSession } from '@wallet/shared/session';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { AuthCard } from '../auth/auth-card';
import { useVerifyEmail } from './use-verify-email';

/** Where to go next: the person's dashboard when signed in, else the login page. */
function NextStep() {
  const role = useSession(selectRole);
  const { path, label } = role ? ROLE_HOME[role] : { path: '/login', label: 'Login' };
  return (
    <Box>
      <Button component={RouterLink} to={path} variant="outlined">
        {label}
      </Button>
    </Box>
  );
}

/**
 * The page a verification mail links to. It posts the token only when the person confirms: a
 * mail scanner that fetches the link must not use it up.
 */
export default function VerifyEmailPage() {
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
    <AuthCard
      title="Verify your email"
      subtitle="Confirm that this email address is yours, so you can send money and cash out."
    >
      {!input.success ? (
        <Alert severity="error">{VERIFICATION_ERRORS.LINK_INVALID.message}</Alert>
      ) : data ? (
        <Stack spacing={2}>
          <Alert ref={verified} tabIndex={-1} severity="success" role="status">
            {data.message || VERIFICATION_TEXTS.verified}
          </Alert>
          <NextStep />
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={confirm} noValidate>
          <SubmitButton pending={isMutating}>Confirm my email</SubmitButton>
          {error && (
            <Alert severity="error">{errorMessage(error, 'The link could not be checked. Please try again.')}</Alert>
          )}
          {error && <NextStep />}
        </Stack>
      )}
    </AuthCard>
  );
}
