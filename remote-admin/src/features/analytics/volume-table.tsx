import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDay } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { formatCount } from '../../format';
import { useT, type AdminT } from '../../i18n';
import { useTransactionTypeLabel } from '@wallet/shared/ui/wallet/transaction-types';
import type { Figure, Volume } from './volume-by-day';
import visuallyHidden from '@mui/utils/visuallyHidden';

const figure = (t: AdminT, { amount, count }: Figure) =>
  t('admin.volume.figure', { amount: formatTaka(amount), count: formatCount(count) });

/** The chart's numbers for screen readers: each day with movements, per type and in all. */
export function VolumeTable({ volume, span }: { volume: Volume; span: number }) {
  const t = useT();
  const typeLabel = useTransactionTypeLabel();
  const days = volume.days.filter((day) => day.total.count > 0);
  return (
    <Table size="small" sx={visuallyHidden}>
      <caption>{t('admin.volume.caption', { days: formatCount(span) })}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('admin.volume.day')}
          </TableCell>
          {volume.types.map((type) => (
            <TableCell key={type} component="th" scope="col">
              {typeLabel(type)}
            </TableCell>
          ))}
          <TableCell component="th" scope="col">
            {t('admin.volume.total')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.day}>
            <TableCell component="th" scope="row">
              {formatDay(day.day)}
            </TableCell>
            {volume.types.map((type) => (
              <TableCell key={type}>{figure(t, day.byType[type])}</TableCell>
            ))}
            <TableCell>{figure(t, day.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
