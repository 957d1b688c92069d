import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { MerchantSummary } from '@wallet/shared/contracts';
import { formatDay } from '@wallet/shared/dates';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { useT } from '../../i18n';

function SummaryFigure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper role="group" aria-label={label} variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="p" variant="h5" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The day as `GET /merchant/summary` sums it: the payments taken, what they brought, the MDR
 * taken on them, what refunds gave back (and the fees that came back with them), and the net
 * that stays.
 */
export function DaySummary({ summary, error }: { summary: MerchantSummary | undefined; error: unknown }) {
  const t = useT();
  if (error) return <Alert severity="error">{errorMessage(error, t('merchant.summary.failed'))}</Alert>;
  if (!summary) return <Typography role="status">{t('merchant.loading')}</Typography>;
  const count = (value: number) => value.toLocaleString(INTL_LOCALE[pageLanguage()]);
  const taka = (value: number) => t('merchant.taka', { amount: formatTaka(value) });
  const figures = [
    { label: t('merchant.summary.payments'), value: count(summary.payments) },
    { label: t('merchant.summary.received'), value: taka(summary.gross) },
    { label: t('merchant.summary.fees'), value: taka(summary.fees) },
    {
      label: t('merchant.summary.refunded'),
      value: taka(summary.refunded),
      note: t('merchant.summary.refunds', {
        count: summary.refunds,
        n: count(summary.refunds),
        fees: taka(summary.feesBack),
      }),
    },
    { label: t('merchant.summary.net'), value: taka(summary.net) },
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('merchant.summary.day', { day: formatDay(summary.day) })}
      </Typography>
      <Grid container spacing={2} component="section" aria-label={t('merchant.summary.label')}>
        {figures.map((figure) => (
          <Grid key={figure.label} size={{ xs: 6, md: 'grow' }}>
            <SummaryFigure {...figure} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
