import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { apiRequest, errorMessage, ME_KEY } from '@wallet/shared/api';
import { acceptStaffInviteInputSchema, type AcceptStaffInviteInput, type User } from '@wallet/shared/contracts';
import { useNavigate, useSearchParams } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useAuthT } from '../../i18n/auth';
import { StaffAddPasskey } from '@wallet/shared/ui/wallet/staff-add-passkey';
import { AuthCard } from '../auth/auth-card';
import { PasskeySignIn } from '../auth/passkey-sign-in';

/** POST /auth/staff-invite: the member's account is made and signed in; the session is read again. */
function useAcceptInvite() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/staff-invite', async (path: string, { arg }: { arg: AcceptStaffInviteInput }) => {
    const envelope = await apiRequest<User>(path, { method: 'POST', body: arg });
    await mutate(ME_KEY);
    return envelope;
  });
}

/**
 * The page a staff invitation links to: the new member chooses their password, which uses the
 * link once and signs them in to the admin area. Nothing is posted until they submit, so a mail
 * scanner that opens the link does not use it up.
 */
export default function StaffInvitePage() {
  const t = useAuthT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { trigger, isMutating, error } = useAcceptInvite();
  const [step, setStep] = useState<'password' | 'passkey' | 'sign-in'>('password');
  const [required, setRequired] = useState(false);
  const { control, handleSubmit } = useForm<AcceptStaffInviteInput>({
    resolver: zodResolver(acceptStaffInviteInputSchema) as Resolver<AcceptStaffInviteInput>,
    defaultValues: { token, password: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const joined = await trigger(input);
      setRequired(Boolean(joined.data.secondFactor));
    } catch {
      // Shown below from the mutation's `error`.
      return;
    }
    showToast(t('public.staffInvite.joined'), { variant: 'success' });
    setStep('passkey');
  });
  if (step === 'passkey') {
    return (
      <AuthCard title={t('public.staffInvite.passkeyTitle')} subtitle={t('public.staffInvite.passkeySubtitle')}>
        <Stack spacing={2}>
          {/* Within the invitation's five minutes, the new member's first passkey needs no other proof. */}
          <StaffAddPasskey proof="fresh" onAdded={() => setStep('sign-in')} />
          {!required && <Button onClick={() => navigate('/admin')}>{t('public.staffInvite.skip')}</Button>}
        </Stack>
      </AuthCard>
    );
  }
  if (step === 'sign-in') {
    return (
      <AuthCard title={t('public.staffInvite.signInTitle')} subtitle={t('public.staffInvite.signInSubtitle')}>
        <PasskeySignIn onSignedIn={() => navigate('/admin')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('public.staffInvite.title')} subtitle={t('public.staffInvite.subtitle')}>
      {!token ? (
        <Alert severity="error">{t('public.staffInvite.linkInvalid')}</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <PasswordField control={control} name="password" autoComplete="new-password" />
          <SubmitButton pending={isMutating}>{t('public.staffInvite.submit')}</SubmitButton>
          {error && <Alert severity="error">{errorMessage(error, t('public.staffInvite.failed'))}</Alert>}
        </Stack>
      )}
    </AuthCard>
  );
}
