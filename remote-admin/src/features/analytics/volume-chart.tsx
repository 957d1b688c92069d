import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { formatDayShort } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { transactionTypeColors, useTransactionTypeLabel } from '@wallet/shared/ui/wallet/transaction-types';
import { useT } from '../../i18n';
import type { Volume } from './volume-by-day';

/**
 * The amount moved each day, one bar per day stacked by type. Loaded on its own: the charts library
 * is large. Drawn for the eyes only (its summary and table speak for it), so it takes no focus:
 * a focusable element inside an aria-hidden one would be a stop with nothing read.
 */
export default function VolumeChart({ volume, height }: { volume: Volume; height: number }) {
  const t = useT();
  const typeLabel = useTransactionTypeLabel();
  return (
    <ChartsLocalizationProvider localeText={{ noData: t('admin.chart.noData'), loading: t('admin.chart.loading') }}>
      <BarChart
        height={height}
        disableKeyboardNavigation
        colors={transactionTypeColors(volume.types)}
        xAxis={[{ scaleType: 'band', data: volume.days.map((day) => formatDayShort(day.day)) }]}
        yAxis={[{ width: 48, valueFormatter: (value: number) => formatTaka(value, { compact: true }) }]}
        series={volume.types.map((type) => ({
          label: typeLabel(type),
          data: volume.days.map((day) => day.byType[type].amount),
          stack: 'volume',
          valueFormatter: (value: number | null) => (value ? t('admin.amount', { amount: formatTaka(value) }) : null),
        }))}
      />
    </ChartsLocalizationProvider>
  );
}
