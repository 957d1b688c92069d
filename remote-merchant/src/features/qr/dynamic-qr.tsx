import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { DYNAMIC_QR_MINUTES, paymentReferenceSchema, type MerchantQrReply } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useT } from '../../i18n';
import { typedTaka } from '../../lib/typed-amount';
import { QrImage } from './qr-image';
import { useCreateDynamicQr } from './use-merchant-qr';

const dynamicQrForm = z.object({ amount: typedTaka(), reference: paymentReferenceSchema });
type DynamicQrForm = z.input<typeof dynamicQrForm>;

interface MadeQr {
  qr: MerchantQrReply;
  amount: number;
  reference: string;
}

/** The time now, once a second while `running`. */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** "14:05": minutes and seconds left, in the page's digits. */
function clock(ms: number) {
  const locale = INTL_LOCALE[pageLanguage()];
  const seconds = Math.ceil(ms / 1_000);
  const two = (value: number) => value.toLocaleString(locale, { minimumIntegerDigits: 2 });
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

/** The code for one payment, its amount and reference, and the time left to pay it; gone once it expired. */
function MadeCode({ made }: { made: MadeQr }) {
  const t = useT();
  const expiresAt = Date.parse(made.qr.expiresAt ?? '');
  const now = useNow(Number.isFinite(expiresAt));
  const left = expiresAt - now;
  const amount = t('merchant.taka', { amount: formatTaka(made.amount) });
  if (left <= 0)
    return (
      <Alert severity="warning" role="status">
        {t('merchant.qr.dynamic.expired', { reference: made.reference })}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
        {amount}
      </Typography>
      <QrImage payload={made.qr.payload} alt={t('merchant.qr.dynamic.alt', { amount, reference: made.reference })} />
      <Typography>{t('merchant.qr.dynamic.reference', { reference: made.reference })}</Typography>
      {Number.isFinite(expiresAt) && (
        <Typography role="timer">
          {t('merchant.qr.dynamic.expiresIn', { time: clock(left), at: formatDateTime(made.qr.expiresAt!) })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A code for one payment at the till: the amount and the merchant's own reference (an order or
 * invoice number, each used once). The server keeps the amount; the code can be paid once, for
 * DYNAMIC_QR_MINUTES minutes.
 */
export function DynamicQr() {
  const t = useT();
  const { trigger, isMutating } = useCreateDynamicQr();
  const [made, setMade] = useState<MadeQr | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<DynamicQrForm>({
    resolver: zodResolver(dynamicQrForm, undefined, { raw: true }),
    defaultValues: { amount: '', reference: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input = dynamicQrForm.parse(values);
    try {
      const qr = await trigger(input);
      setMade({ qr, ...input });
      reset();
    } catch (error) {
      setFailure(errorMessage(error, t('merchant.qr.dynamic.failed')));
    }
  });
  return (
    <TitledSection title={t('merchant.qr.dynamic.title')}>
      <Typography color="text.secondary">
        {t('merchant.qr.dynamic.text', { minutes: DYNAMIC_QR_MINUTES.toLocaleString(INTL_LOCALE[pageLanguage()]) })}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('merchant.qr.dynamic.title')}
        spacing={2}
        sx={{ maxWidth: 420 }}
      >
        <FormTextField
          control={control}
          name="amount"
          label={t('merchant.qr.dynamic.amount')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          control={control}
          name="reference"
          label={t('merchant.qr.dynamic.referenceLabel')}
          helperText={t('merchant.qr.dynamic.referenceHelp')}
          autoComplete="off"
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <SubmitButton pending={isMutating} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
          {t('merchant.qr.dynamic.submit')}
        </SubmitButton>
      </Stack>
      {made && (
        <>
          <MadeCode key={made.qr.payload} made={made} />
          <Button onClick={() => setMade(null)} sx={{ justifySelf: 'center' }}>
            {t('merchant.qr.dynamic.clear')}
          </Button>
        </>
      )}
    </TitledSection>
  );
}
