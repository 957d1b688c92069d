import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GOOGLE_REAUTH_PATH, PIN_ERRORS, PIN_TEXTS, pinSchema, type SetPinInput } from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useSetPin } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

/**
 * The current PIN, when typed, has only its shape checked here: the server says whether it is
 * right. A person with a password gives it or the current PIN; one who signs in with Google only
 * needs neither (the server asks for a fresh Google sign-in instead).
 */
const pinFormSchema = (hasPassword: boolean) =>
  z
    .object({
      pin: pinSchema,
      currentPin: z.string().refine((pin) => pin === '' || /^\d{5}$/.test(pin), { error: 'must be exactly 5 digits' }),
      password: z.string(),
    })
    .refine((values) => !hasPassword || values.currentPin !== '' || values.password !== '', {
      error: PIN_ERRORS.PASSWORD_NEEDED.message,
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
  return (
    <Alert
      severity="info"
      role="note"
      action={<Button href={apiUrl(GOOGLE_REAUTH_PATH)}>Sign in with Google again</Button>}
    >
      You sign in with Google. To set your PIN, sign in with Google again, then save it here within 5 minutes.
    </Alert>
  );
}

/** Whether the signed-in person has a wallet PIN, and a form to set or change it. */
export function PinSettings() {
  const headingId = useId();
  const user = useSession((state) => state.user);
  const { setPin, isMutating } = useSetPin();
  const [failure, setFailure] = useState<string | null>(null);
  const hasPassword = !(user?.googleOnly ?? false);
  const { control, handleSubmit, reset } = useForm<PinFormInput>({
    resolver: zodResolver(pinFormSchema(hasPassword)),
    defaultValues: { pin: '', currentPin: '', password: '' },
  });
  const pinSet = user?.pinSet ?? false;
  const lockedUntil = user?.pinLockedUntil && new Date(user.pinLockedUntil) > new Date() ? user.pinLockedUntil : null;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await setPin(toInput(values, hasPassword));
      showToast(message, { variant: 'success' });
      reset();
    } catch (error) {
      setFailure(errorMessage(error, 'Your PIN could not be set. Please try again.'));
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
        Wallet PIN
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {pinSet ? 'Your PIN is set.' : 'You have no PIN yet. Set one to send money.'}
      </Typography>
      {lockedUntil && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your PIN is locked until {formatDateTime(lockedUntil)}.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {PIN_TEXTS.never}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={onSubmit}
        noValidate
        aria-label={pinSet ? 'Change your PIN' : 'Set your PIN'}
      >
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <PinField control={control} name="pin" label="New PIN" />
        {pinSet && (
          <PinField
            control={control}
            name="currentPin"
            label="Current PIN"
            helperText={hasPassword ? 'Or give your password instead' : 'Or sign in with Google again instead'}
          />
        )}
        {hasPassword ? (
          <PasswordField control={control} name="password" label="Your password" autoComplete="current-password" />
        ) : (
          <GoogleAgain />
        )}
        <SubmitButton pending={isMutating}>Save PIN</SubmitButton>
      </Stack>
    </Paper>
  );
}
