import { BarChart } from '@mui/x-charts/BarChart';
import { formatTaka } from '@wallet/shared/money';
import { TRANSACTION_TYPE_LABELS } from '@wallet/shared/ui/transaction-cells';
import { shortDay } from './day-label';
import { TYPE_COLORS } from './type-colors';
import type { Volume } from './volume-by-day';

/**
 * The amount moved each day, one bar per day stacked by type. Loaded on its own: the charts library
 * is large. Drawn for the eyes only (its summary and table speak for it), so it takes no focus:
 * a focusable element inside an aria-hidden one would be a stop with nothing read.
 */
export default function VolumeChart({ volume, height }: { volume: Volume; height: number }) {
  return (
    <BarChart
      height={height}
      disableKeyboardNavigation
      colors={(mode) => volume.types.map((type) => TYPE_COLORS[type][mode])}
      xAxis={[{ scaleType: 'band', data: volume.days.map((day) => shortDay(day.day)) }]}
      yAxis={[{ width: 72, valueFormatter: (value: number) => formatTaka(value).replace(/\.00$/, '') }]}
      series={volume.types.map((type) => ({
        label: TRANSACTION_TYPE_LABELS[type],
        data: volume.days.map((day) => day.byType[type].amount),
        stack: 'volume',
        valueFormatter: (value: number | null) => (value ? formatTaka(value) : null),
      }))}
    />
  );
}
