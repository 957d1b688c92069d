import TableCell from '@mui/material/TableCell';
import type { LimitsTable } from '@wallet/shared/contracts';
import { FiguresTable, FiguresTableRow } from '../../components/figures/figures-table';
import { useT, type AdminMessage } from '../../i18n';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import { EditLimitsButton } from './edit-limits-button';
import { maxBalance, perPeriod, perTransaction } from './limit-figures';

const HEADERS: AdminMessage[] = [
  'admin.limits.column.limit',
  'admin.limits.column.perTransaction',
  'admin.limits.column.daily',
  'admin.limits.column.monthly',
];

/** One holder's limits: a row per movement its limits bound, then the maximum balance. */
export function HolderLimitsTable({ entry }: { entry: LimitsTable[number] }) {
  const t = useT();
  const { holder } = entry;
  const label = t('admin.limits.tableLabel', { holder: t(HOLDER_LABELS[holder]) });
  return (
    <FiguresTable name={label} region={t('admin.limits.region', { label })} headers={HEADERS}>
      {entry.movements.map((row) => (
        <FiguresTableRow
          key={row.type}
          name={t(limitRowLabel(holder, row.type))}
          edit={<EditLimitsButton holder={holder} scope={row.type} figures={row} />}
        >
          <TableCell>{perTransaction(t, row.minAmount, row.maxAmount)}</TableCell>
          <TableCell>{perPeriod(t, row.dailyAmount, row.dailyCount)}</TableCell>
          <TableCell>{perPeriod(t, row.monthlyAmount, row.monthlyCount)}</TableCell>
        </FiguresTableRow>
      ))}
      <FiguresTableRow
        name={t(limitRowLabel(holder, 'balance'))}
        edit={<EditLimitsButton holder={holder} scope="balance" figures={{ maxBalance: entry.maxBalance }} />}
      >
        <TableCell colSpan={3}>{maxBalance(t, entry.maxBalance)}</TableCell>
      </FiguresTableRow>
    </FiguresTable>
  );
}
