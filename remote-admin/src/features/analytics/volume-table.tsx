import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDay } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { TRANSACTION_TYPE_LABELS } from '@wallet/shared/ui/wallet/transaction-types';
import type { Figure, Volume } from './volume-by-day';
import visuallyHidden from '@mui/utils/visuallyHidden';

const figure = ({ amount, count }: Figure) => `${formatTaka(amount)} (${count})`;

/** The chart's numbers for screen readers: each day with movements, per type and in all. */
export function VolumeTable({ volume, span }: { volume: Volume; span: number }) {
  const days = volume.days.filter((day) => day.total.count > 0);
  return (
    <Table size="small" sx={visuallyHidden}>
      <caption>
        Volume per day and type, last {span} days, in Taka with the number of transactions; days without movements are
        left out.
      </caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Day
          </TableCell>
          {volume.types.map((type) => (
            <TableCell key={type} component="th" scope="col">
              {TRANSACTION_TYPE_LABELS[type]}
            </TableCell>
          ))}
          <TableCell component="th" scope="col">
            Total
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
              <TableCell key={type}>{figure(day.byType[type])}</TableCell>
            ))}
            <TableCell>{figure(day.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
