import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import {
  counterpartSchema,
  REQUEST_NOTE_MAX,
  requestInputSchema,
  type Counterpart,
  type RequestInput,
  type RequestRules,
} from '@wallet/shared/contracts';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { CounterpartPicker } from '@wallet/shared/ui/wallet/counterpart-picker';
import { useT, type UserT } from '../../i18n';
import { useAskForMoney, useRequestRules } from './use-requests';

/** The contract's two ways to name the payer: by id (the picker) or by email. */
const [BY_ID, BY_EMAIL] = requestInputSchema.options;

type AskBy = 'person' | 'email';
interface AskInput {
  by: AskBy;
  person: Counterpart | null;
  email: string;
  amount: string;
  note: string;
}

/** An amount as typed, Bangla digits read as the digits they are. */
const typedAmount = (text: string) => asciiDigits(text.trim());

/**
 * The form checked with the contract's own fields (the payer's email, the amount, the note), and
 * the rules in force once they are known (the smallest and largest request).
 */
function askSchema(t: UserT, rules: RequestRules | undefined) {
  const amount = z
    .string()
    .overwrite(typedAmount)
    .refine((text) => text !== '' && Number(text) > 0, { error: t('user.requests.invalidAmount'), abort: true })
    .transform(Number)
    .pipe(BY_ID.shape.amount)
    .refine((taka) => !rules || (taka >= rules.minAmount && taka <= rules.maxAmount), {
      error: rules
        ? t('user.requests.outOfRange', { min: formatTaka(rules.minAmount), max: formatTaka(rules.maxAmount) })
        : '',
    });
  // Nothing typed is no note; the contract checks what is.
  const note = z
    .string()
    .transform((text) => (text.trim() ? text : undefined))
    .pipe(BY_ID.shape.note);
  return z.discriminatedUnion('by', [
    z.object({
      by: z.literal('person'),
      person: counterpartSchema.nullable().refine((chosen) => chosen !== null, { error: t('user.requests.noPerson') }),
      amount,
      note,
    }),
    z.object({ by: z.literal('email'), email: BY_EMAIL.shape.payerEmail, amount, note }),
  ]);
}
type AskOutput = z.output<ReturnType<typeof askSchema>>;

/** What was asked, and of whom, for the confirmation. */
interface Sent {
  who: string;
  byEmail: boolean;
  amount: number;
}

function toInput(values: AskOutput): { input: RequestInput; sent: Sent } {
  const { amount, note } = values;
  if (values.by === 'person')
    return {
      input: { payerId: values.person!._id, amount, note },
      sent: { who: values.person!.name, byEmail: false, amount },
    };
  return { input: { payerEmail: values.email, amount, note }, sent: { who: values.email, byEmail: true, amount } };
}

function AskBySwitch({ control }: { control: Control<AskInput> }) {
  const t = useT();
  const { field } = useController({ name: 'by', control });
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('user.requests.askBy')}</FormLabel>
      <RadioGroup row name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        <FormControlLabel value="person" control={<Radio />} label={t('user.requests.byPerson')} />
        <FormControlLabel value="email" control={<Radio />} label={t('user.requests.byEmail')} />
      </RadioGroup>
    </FormControl>
  );
}

/** Said once a request is sent: whom it asks, and that it never takes money by itself. */
function Confirmation({ sent, rules, onAgain }: { sent: Sent; rules: RequestRules | undefined; onAgain: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The form it replaced had the focus: a keyboard or screen-reader user lands on what happened.
  useEffect(() => ref.current?.focus(), []);
  const amount = formatTaka(sent.amount);
  const days = rules?.expiryDays;
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert ref={ref} tabIndex={-1} severity="success" role="status" aria-labelledby={titleId} sx={{ width: '100%' }}>
        <AlertTitle id={titleId}>{t('user.requests.sent')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {sent.byEmail
            ? t('user.requests.sentToEmail', { email: sent.who, amount })
            : t('user.requests.sentToPerson', { name: sent.who, amount })}
        </Typography>
        <Typography variant="body2">
          {t('user.requests.never')}{' '}
          {days !== undefined &&
            t('user.requests.openFor', { count: days, days: days.toLocaleString(INTL_LOCALE[pageLanguage()]) })}
        </Typography>
      </Alert>
      <Button variant="outlined" onClick={onAgain}>
        {t('user.requests.again')}
      </Button>
    </Box>
  );
}

const EMPTY: AskInput = { by: 'person', person: null, email: '', amount: '', note: '' };

/**
 * Asking someone for money: a person found in the picker or an email typed, an amount within the
 * rules (shown as the hint), and a note. Sent, it says what it did, and that it takes no money.
 */
export function RequestForm() {
  const t = useT();
  const rules = useRequestRules();
  const { trigger, isMutating } = useAskForMoney();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useForm<AskInput, unknown, AskOutput>({
    resolver: zodResolver(askSchema(t, rules.data)) as never,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { handleSubmit, reset } = form;
  // The fields speak the typed values (the form's input), not what the schema turns them into.
  const control = form.control as unknown as Control<AskInput>;
  const [by, person, email, amount] = useWatch({ control, name: ['by', 'person', 'email', 'amount'] });
  const ready = (by === 'person' ? person !== null : email.trim() !== '') && Number(typedAmount(amount)) > 0;
  const locale = INTL_LOCALE[pageLanguage()];

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const { input, sent: asked } = toInput(values);
    try {
      await trigger(input);
      setSent(asked);
    } catch (error) {
      setFailure(errorMessage(error, t('user.requests.sendFailed')));
    }
  });

  return (
    <TitledSection title={t('user.requests.ask')} sx={{ mb: 3 }}>
      {sent ? (
        <Confirmation
          sent={sent}
          rules={rules.data}
          onAgain={() => {
            reset(EMPTY);
            setSent(null);
          }}
        />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('user.requests.ask')}
          sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
        >
          <AskBySwitch control={control} />
          {by === 'person' ? (
            <CounterpartPicker control={control} name="person" label={t('user.requests.person')} purpose="transfer" />
          ) : (
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('user.requests.email')}
              autoComplete="off"
            />
          )}
          <FormTextField
            control={control}
            name="amount"
            label={t('user.requests.amount')}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={
              rules.data &&
              t('user.requests.amountHint', {
                min: formatTaka(rules.data.minAmount),
                max: formatTaka(rules.data.maxAmount),
              })
            }
          />
          <FormTextField
            control={control}
            name="note"
            label={t('user.requests.note')}
            autoComplete="off"
            helperText={t('user.requests.noteHint', { max: REQUEST_NOTE_MAX.toLocaleString(locale) })}
          />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <SubmitButton pending={isMutating} disabled={!ready}>
            {t('user.requests.send')}
          </SubmitButton>
        </Box>
      )}
    </TitledSection>
  );
}
