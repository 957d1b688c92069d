import { useEffect, useId, useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  GOOGLE_REAUTH_PATH,
  offeredPinSchema,
  PIN_RESET_CODE_LENGTH,
  PIN_RESET_CODE_MINUTES,
  PIN_RESET_HOLD_HOURS,
  PIN_TEXTS,
  pinResetCodeSchema,
  pinSchema,
  type SetPinInput,
} from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useRequestPinReset, useSetPin } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { asciiDigits } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useWalletT, type WalletMessage, type WalletT } from './messages';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsSettings } from './sessions-settings';

/** A PIN or a mailed code as typed: Bangla digits (০-৯) are read as the digits they are. */
const typedDigits = () => z.string().overwrite(asciiDigits);

/** The password, required of a person who has one (`needed` in the page's language); a Google-only person has none. */
const passwordField = (hasPassword: boolean, needed: string) =>
  hasPassword ? z.string().min(1, { error: needed }) : z.string();

/** The first PIN: with the password, or for a Google-only person nothing more (Google again instead). */
const firstPinSchema = (t: WalletT, hasPassword: boolean) =>
  z.object({
    pin: typedDigits().pipe(pinSchema),
    // The contracts' PIN_ERRORS.PASSWORD_NEEDED, in the page's language.
    password: passwordField(hasPassword, t('wallet.pin.passwordNeeded')),
  });
type FirstPinInput = z.infer<ReturnType<typeof firstPinSchema>>;

/** A change takes the current PIN, and nothing else: the password alone never replaces a PIN. */
const changePinSchema = z.object({
  // Only its shape is checked here: the server says whether it is right.
  currentPin: typedDigits().pipe(offeredPinSchema),
  pin: typedDigits().pipe(pinSchema),
});
type ChangePinInput = z.infer<typeof changePinSchema>;

/** A forgotten PIN: the mailed code, the new PIN and the password (a Google-only person: Google again). */
const resetPinSchema = (t: WalletT, hasPassword: boolean) =>
  z.object({
    code: typedDigits().pipe(pinResetCodeSchema),
    pin: typedDigits().pipe(pinSchema),
    password: passwordField(hasPassword, t('wallet.pin.resetPasswordNeeded')),
  });
type ResetPinInput = z.infer<ReturnType<typeof resetPinSchema>>;

/** The contracts' words the server answers with (PIN_TEXTS), as the page says them. */
const PIN_TEXT_MESSAGES: Record<string, WalletMessage> = {
  [PIN_TEXTS.set]: 'wallet.pin.saved',
  [PIN_TEXTS.reset]: 'wallet.pin.resetDone',
  [PIN_TEXTS.codeSent]: 'wallet.pin.codeSent',
};
const inPageLanguage = (t: WalletT, message: string) => {
  const id = PIN_TEXT_MESSAGES[message];
  return id ? t(id) : message;
};

/** A whole number in the page's digits, as the messages around it are. */
const figure = (value: number) => value.toLocaleString(INTL_LOCALE[pageLanguage()]);

/**
 * For a person who signs in with Google only: the PIN is set (or reset) within 5 minutes of
 * signing in with Google again (Google is asked to make them sign in, and brings them back here).
 */
function GoogleAgain({ children }: { children: ReactNode }) {
  const t = useWalletT();
  return (
    <Alert
      severity="info"
      role="note"
      action={<Button href={apiUrl(GOOGLE_REAUTH_PATH)}>{t('wallet.pin.googleAgain')}</Button>}
    >
      {children}
    </Alert>
  );
}

/**
 * PUT /user/pin with what `form` holds: the server's words as a toast in the page's language and
 * the form emptied (the session's user is the answer's, useSetPin sees to it), or its refusal
 * shown in the form.
 */
function useSavePin<T extends FieldValues>(
  form: UseFormReturn<T>,
  toInput: (values: T) => SetPinInput,
  fallback: string,
  onSaved?: () => void,
) {
  const t = useWalletT();
  const { setPin, isMutating } = useSetPin();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await setPin(toInput(values));
      showToast(inPageLanguage(t, message), { variant: 'success' });
      form.reset();
      onSaved?.();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    }
  });
  return { onSubmit, failure, pending: isMutating };
}

interface PinFormProps {
  /** What the form does, its accessible name. */
  label: string;
  submit: string;
  onSubmit: FormEventHandler;
  failure: string | null;
  pending: boolean;
  children: ReactNode;
}

/** One of the PIN's forms: the server's refusal above its fields, its button below. */
function PinForm({ label, submit, onSubmit, failure, pending, children }: PinFormProps) {
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={label}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {children}
      <SubmitButton pending={pending}>{submit}</SubmitButton>
    </Stack>
  );
}

/** The first PIN: a new PIN and the password, or for a Google-only person Google again. */
function FirstPinForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useWalletT();
  const form = useForm<FirstPinInput>({
    resolver: zodResolver(firstPinSchema(t, hasPassword)),
    defaultValues: { pin: '', password: '' },
  });
  const { onSubmit, failure, pending } = useSavePin(
    form,
    ({ pin, password }) => (hasPassword ? { pin, password } : { pin }),
    t('wallet.pin.notSet'),
  );
  return (
    <PinForm label={t('wallet.pin.set')} submit={t('wallet.pin.save')} {...{ onSubmit, failure, pending }}>
      <PinField control={form.control} name="pin" label={t('wallet.pin.new')} />
      {hasPassword ? (
        <PasswordField
          control={form.control}
          name="password"
          label={t('wallet.pin.password')}
          autoComplete="current-password"
        />
      ) : (
        <GoogleAgain>{t('wallet.pin.googleOnly')}</GoogleAgain>
      )}
    </PinForm>
  );
}

/** A PIN that exists changes with the current PIN only. */
function ChangePinForm() {
  const t = useWalletT();
  const form = useForm<ChangePinInput>({
    resolver: zodResolver(changePinSchema),
    defaultValues: { currentPin: '', pin: '' },
  });
  const { onSubmit, failure, pending } = useSavePin(
    form,
    ({ pin, currentPin }) => ({ pin, currentPin }),
    t('wallet.pin.notSet'),
  );
  return (
    <PinForm label={t('wallet.pin.change')} submit={t('wallet.pin.save')} {...{ onSubmit, failure, pending }}>
      <PinField control={form.control} name="currentPin" label={t('wallet.pin.current')} />
      <PinField control={form.control} name="pin" label={t('wallet.pin.new')} />
    </PinForm>
  );
}

/** After the code was mailed: the code, a new PIN and the password (a Google-only person: Google again, above). */
function ResetPinForm({ hasPassword, onReset }: { hasPassword: boolean; onReset: () => void }) {
  const t = useWalletT();
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useForm<ResetPinInput>({
    resolver: zodResolver(resetPinSchema(t, hasPassword)),
    defaultValues: { code: '', pin: '', password: '' },
  });
  const { onSubmit, failure, pending } = useSavePin(
    form,
    ({ pin, code, password }) => (hasPassword ? { pin, code, password } : { pin, code }),
    t('wallet.pin.notReset'),
    onReset,
  );
  // Shown once the code is on its way: where to type it next.
  useEffect(() => {
    codeRef.current?.focus();
  }, []);
  return (
    <PinForm label={t('wallet.pin.resetForm')} submit={t('wallet.pin.resetSubmit')} {...{ onSubmit, failure, pending }}>
      <Typography variant="body2">{t('wallet.pin.enterCode', { minutes: figure(PIN_RESET_CODE_MINUTES) })}</Typography>
      <FormTextField
        control={form.control}
        name="code"
        label={t('wallet.pin.code')}
        autoComplete="one-time-code"
        inputRef={codeRef}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_RESET_CODE_LENGTH } }}
      />
      <PinField control={form.control} name="pin" label={t('wallet.pin.new')} />
      {hasPassword && (
        <PasswordField
          control={form.control}
          name="password"
          label={t('wallet.pin.password')}
          autoComplete="current-password"
        />
      )}
    </PinForm>
  );
}

/**
 * A forgotten PIN: a code mailed on request (POST PIN_RESET_PATH), then the reset form. A
 * Google-only person signs in with Google again first: the reset must follow within 5 minutes,
 * and coming back from Google would lose a form already open.
 */
function ForgotPin({ hasPassword }: { hasPassword: boolean }) {
  const t = useWalletT();
  const headingId = useId();
  const { requestPinReset, isMutating } = useRequestPinReset();
  const [mailed, setMailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const askForCode = async () => {
    setFailure(null);
    try {
      const { message } = await requestPinReset();
      showToast(inPageLanguage(t, message), { variant: 'success' });
      setMailed(true);
    } catch (error) {
      setFailure(errorMessage(error, t('wallet.pin.codeNotSent')));
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('wallet.pin.forgot')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('wallet.pin.forgotHelp', { hours: figure(PIN_RESET_HOLD_HOURS) })}
      </Typography>
      {!hasPassword && <GoogleAgain>{t('wallet.pin.googleReset')}</GoogleAgain>}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box>
        <Button variant="outlined" disabled={isMutating} onClick={askForCode}>
          {mailed ? t('wallet.pin.emailCodeAgain') : t('wallet.pin.emailCode')}
        </Button>
      </Box>
      {mailed && <ResetPinForm hasPassword={hasPassword} onReset={() => setMailed(false)} />}
    </Stack>
  );
}

/** Until when a time still to come is, else null. */
const stillAhead = (time: string | null | undefined) => (time && new Date(time) > new Date() ? time : null);

/**
 * Whether the signed-in person has a wallet PIN, and a form to set it or change it, or to reset
 * a forgotten one with a code mailed to them.
 */
export function PinSettings() {
  const t = useWalletT();
  const headingId = useId();
  const user = useSession((state) => state.user);
  const hasPassword = !(user?.googleOnly ?? false);
  const pinSet = user?.pinSet ?? false;
  const lockedUntil = stillAhead(user?.pinLockedUntil);
  const holdUntil = stillAhead(user?.pinResetHoldUntil);

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
      {holdUntil && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('wallet.pin.resetHoldUntil', { time: formatDateTime(holdUntil) })}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('wallet.pin.never')}
      </Typography>
      {pinSet ? (
        <>
          <ChangePinForm />
          <ForgotPin hasPassword={hasPassword} />
        </>
      ) : (
        <FirstPinForm hasPassword={hasPassword} />
      )}
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
