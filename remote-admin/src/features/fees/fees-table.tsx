import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FeeSchedule } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { EditFeesButton } from './fees-dialog';
import { useT, type AdminMessage } from '../../i18n';
import { agentText, FEE_TYPE_LABELS, feeText } from './fee-fields';

const HEADERS: AdminMessage[] = [
  'admin.fees.column.movement',
  'admin.fees.column.payerPays',
  'admin.fee.field.freeMonthly',
  'admin.fees.column.agentEarns',
  'admin.fees.column.updated',
  'admin.column.actions',
];

/** The schedule: a row per movement that may cost something, each edited on its own. */
export function FeesTable({ schedule }: { schedule: FeeSchedule }) {
  const t = useT();
  return (
    <TableRegion name={t('admin.fees.region')}>
      <Table size="small" aria-label={t('admin.fees.title')}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.map((row) => (
            <TableRow key={row.type}>
              <TableCell component="th" scope="row">
                {t(FEE_TYPE_LABELS[row.type])}
              </TableCell>
              <TableCell>{row.type === 'cash-in' ? t('admin.fee.free') : feeText(t, row)}</TableCell>
              <TableCell>
                {row.freeMonthly === null
                  ? t('admin.fee.noneAllowance')
                  : t('admin.amount.taka', { amount: formatTaka(row.freeMonthly) })}
              </TableCell>
              <TableCell>{agentText(t, row.type, row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updatedAt)}</TableCell>
              <TableCell>
                <EditFeesButton row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
