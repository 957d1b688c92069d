import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { LimitsTable } from '@wallet/shared/contracts';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { useT, type AdminMessage } from '../../i18n';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import { EditLimitsButton } from './edit-limits-button';
import { maxBalance, perPeriod, perTransaction } from './limit-figures';

const HEADERS: AdminMessage[] = [
  'admin.limits.column.limit',
  'admin.limits.column.perTransaction',
  'admin.limits.column.daily',
  'admin.limits.column.monthly',
  'admin.column.actions',
];

/** One holder's limits: a row per movement its limits bound, then the maximum balance. */
export function HolderLimitsTable({ entry }: { entry: LimitsTable[number] }) {
  const t = useT();
  const { holder } = entry;
  const label = t('admin.limits.tableLabel', { holder: t(HOLDER_LABELS[holder]) });
  return (
    <TableRegion name={t('admin.limits.region', { label })}>
      <Table size="small" aria-label={label}>
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
          {entry.movements.map((row) => (
            <TableRow key={row.type}>
              <TableCell component="th" scope="row">
                {t(limitRowLabel(holder, row.type))}
              </TableCell>
              <TableCell>{perTransaction(t, row.minAmount, row.maxAmount)}</TableCell>
              <TableCell>{perPeriod(t, row.dailyAmount, row.dailyCount)}</TableCell>
              <TableCell>{perPeriod(t, row.monthlyAmount, row.monthlyCount)}</TableCell>
              <TableCell>
                <EditLimitsButton holder={holder} scope={row.type} figures={row} />
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row">
              {t(limitRowLabel(holder, 'balance'))}
            </TableCell>
            <TableCell colSpan={3}>{maxBalance(t, entry.maxBalance)}</TableCell>
            <TableCell>
              <EditLimitsButton holder={holder} scope="balance" figures={{ maxBalance: entry.maxBalance }} />
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableRegion>
  );
}
