import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GOOGLE_REAUTH_PATH, PIN_TEXTS, pinSchema, type SetPinInput } from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useSetPin } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { asciiDigits } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useWalletT, type WalletT } from './messages';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsSettings } from './sessions-settings';

/**
 * The current PIN, when typed, has only its shape checked here: the server says whether it is
 * right. A person with a password gives it or the current PIN; one who signs in with Google only
 * needs neither (the server asks for a fresh Google sign-in instead).
 */
const pinFormSchema = (t: WalletT, hasPassword: boolean) =>
  z
    .object({
      // PINs as typed: Bangla digits (০-৯) are read as the digits they are.
      pin: z.string().overwrite(asciiDigits).pipe(pinSchema),
      currentPin: z
        .string()
        .overwrite(asciiDigits)
        .refine((pin) => pin === '' || /^\d{5}$/.test(pin), { error: t('wallet.pin.currentFiveDigits') }),
      password: z.string(),
    })
    // The contracts' PIN_ERRORS.PASSWORD_NEEDED, in the page's language.
    .refine((values) => !hasPassword || values.currentPin !== '' || values.password !== '', {
      error: t('wallet.pin.passwordNeeded'),
      path: ['password'],
    });
type PinFormInput = z.infer<ReturnType<typeof pinFormSchema>>;

/** The current PIN when it was typed (the password is then ignored), else the password, else the PIN alone. */
const toInput = ({ pin, currentPin, password }: PinFormInput, hasPassword: boolean): SetPinInput =>
  currentPin ? { pin, currentPin } : hasPassword ? { pin, password } : { pin };

/**
 * For a person who signs in with Google only: the PIN is set within 5 minutes of signing in with
 * Google again (Google is asked to make them sign in, and brings them back here).
 */
function GoogleAgain() {
  const t = useWalletT();
  return (
    <Alert
      severity="info"
      role="note"
      action={<Button href={apiUrl(GOOGLE_REAUTH_PATH)}>{t('wallet.pin.googleAgain')}</Button>}
    >
      {t('wallet.pin.googleOnly')}
    </Alert>
  );
}

/** Whether the signed-in person has a wallet PIN, and a form to set or change it. */
export function PinSettings() {
  const t = useWalletT();
  const headingId = useId();
  const user = useSession((state) => state.user);
  const { setPin, isMutating } = useSetPin();
  const [failure, setFailure] = useState<string | null>(null);
  const hasPassword = !(user?.googleOnly ?? false);
  const { control, handleSubmit, reset } = useForm<PinFormInput>({
    resolver: zodResolver(pinFormSchema(t, hasPassword)),
    defaultValues: { pin: '', currentPin: '', password: '' },
  });
  const pinSet = user?.pinSet ?? false;
  const lockedUntil = user?.pinLockedUntil && new Date(user.pinLockedUntil) > new Date() ? user.pinLockedUntil : null;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await setPin(toInput(values, hasPassword));
      // The server says the contracts' words (PIN_TEXTS.set): the page says them in its language.
      showToast(message === PIN_TEXTS.set ? t('wallet.pin.saved') : message, { variant: 'success' });
      reset();
    } catch (error) {
      setFailure(errorMessage(error, t('wallet.pin.notSet')));
    }
  });

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('wallet.pin.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{pinSet ? t('wallet.pin.isSet') : t('wallet.pin.none')}</Typography>
      {lockedUntil && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('wallet.pin.lockedUntil', { time: formatDateTime(lockedUntil) })}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('wallet.pin.never')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={onSubmit}
        noValidate
        aria-label={pinSet ? t('wallet.pin.change') : t('wallet.pin.set')}
      >
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <PinField control={control} name="pin" label={t('wallet.pin.new')} />
        {pinSet && (
          <PinField
            control={control}
            name="currentPin"
            label={t('wallet.pin.current')}
            helperText={hasPassword ? t('wallet.pin.orPassword') : t('wallet.pin.orGoogle')}
          />
        )}
        {hasPassword ? (
          <PasswordField
            control={control}
            name="password"
            label={t('wallet.pin.password')}
            autoComplete="current-password"
          />
        ) : (
          <GoogleAgain />
        )}
        <SubmitButton pending={isMutating}>{t('wallet.pin.save')}</SubmitButton>
      </Stack>
    </Paper>
  );
}

/**
 * A role area's Security page: its heading (the area's own words) over the PIN settings, the
 * passkeys and the sessions, the same for a user and an agent.
 */
export function SecurityPage({ title }: { title: string }) {
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      <PinSettings />
      <PasskeysSettings />
      <SessionsSettings />
    </>
  );
}
