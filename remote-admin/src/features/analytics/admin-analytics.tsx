import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { useTransactionTypeLabel } from '@wallet/shared/ui/wallet/transaction-types';
import { formatCount } from '../../format';
import { useT } from '../../i18n';
import { ANALYTICS_DAYS, useAdminAnalytics } from './use-admin-analytics';
import { volumeByDay } from './volume-by-day';
import { volumeSummary } from './volume-summary';
import { VolumeTable } from './volume-table';

const VolumeChart = lazy(() => import('./volume-chart'));
const CHART_HEIGHT = 320;

/**
 * Volume per day and type over the last 30 days. The chart is drawn for the eyes only (hidden from
 * screen readers); its summary is the text alternative and the table beneath holds every figure.
 */
export function AdminAnalytics() {
  const t = useT();
  const typeLabel = useTransactionTypeLabel();
  const { data, error, isLoading } = useAdminAnalytics();
  const volume = data && volumeByDay(data.days, ANALYTICS_DAYS);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="volume-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="volume-heading" variant="h6" component="h2">
          {t('admin.volume.title', { days: formatCount(ANALYTICS_DAYS) })}
        </Typography>
        {isLoading && <Typography>{t('admin.volume.loading')}</Typography>}
        {error && !volume && <Alert severity="error">{errorMessage(error, t('admin.volume.loadFailed'))}</Alert>}
        {volume && (
          <>
            <Typography variant="body2">{volumeSummary(t, typeLabel, volume, ANALYTICS_DAYS)}</Typography>
            {volume.total.count > 0 && (
              <Box aria-hidden sx={{ minHeight: CHART_HEIGHT }}>
                <ErrorBoundary
                  fallback={null}
                  onError={(chartError) => console.error('[analytics] the chart failed', chartError)}
                >
                  <Suspense fallback={null}>
                    <VolumeChart volume={volume} height={CHART_HEIGHT} />
                  </Suspense>
                </ErrorBoundary>
              </Box>
            )}
            <VolumeTable volume={volume} span={ANALYTICS_DAYS} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
