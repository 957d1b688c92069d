import TableCell from '@mui/material/TableCell';
import type { FeeSchedule } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { FiguresTable, FiguresTableRow } from '../../components/figures/figures-table';
import { useT, type AdminMessage } from '../../i18n';
import { EditFeesButton } from './edit-fees-button';
import { agentText, FEE_TYPE_LABELS, feeText } from './fee-fields';

const HEADERS: AdminMessage[] = [
  'admin.fees.column.movement',
  'admin.fees.column.payerPays',
  'admin.fee.field.freeMonthly',
  'admin.fees.column.agentEarns',
  'admin.fees.column.updated',
];

/** The schedule: a row per movement that may cost something, each edited on its own. */
export function FeesTable({ schedule }: { schedule: FeeSchedule }) {
  const t = useT();
  return (
    <FiguresTable name={t('admin.fees.title')} region={t('admin.fees.region')} headers={HEADERS}>
      {schedule.map((row) => (
        <FiguresTableRow key={row.type} name={t(FEE_TYPE_LABELS[row.type])} edit={<EditFeesButton row={row} />}>
          <TableCell>
            {row.type === 'cash-in'
              ? t('admin.fee.free')
              : row.type === 'payment'
                ? t('admin.fee.merchantPays', { fee: feeText(t, row) })
                : feeText(t, row)}
          </TableCell>
          <TableCell>
            {row.freeMonthly === null
              ? t('admin.fee.noneAllowance')
              : t('admin.amount.taka', { amount: formatTaka(row.freeMonthly) })}
          </TableCell>
          <TableCell>{agentText(t, row.type, row)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updatedAt)}</TableCell>
        </FiguresTableRow>
      ))}
    </FiguresTable>
  );
}
