import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { LimitsTable } from '@wallet/shared/contracts';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import { EditLimitsButton } from './edit-limits-button';
import { maxBalance, perPeriod, perTransaction } from './limit-figures';

const HEADERS = [
  'Limit',
  'Per transaction (min – max)',
  'Daily (amount / count)',
  'Monthly (amount / count)',
  'Actions',
];

/** One holder's limits: a row per movement its limits bound, then the maximum balance. */
export function HolderLimitsTable({ entry }: { entry: LimitsTable[number] }) {
  const { holder } = entry;
  const label = `${HOLDER_LABELS[holder]} limits`;
  return (
    <TableRegion name={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entry.movements.map((row) => (
            <TableRow key={row.type}>
              <TableCell component="th" scope="row">
                {limitRowLabel(holder, row.type)}
              </TableCell>
              <TableCell>{perTransaction(row.minAmount, row.maxAmount)}</TableCell>
              <TableCell>{perPeriod(row.dailyAmount, row.dailyCount)}</TableCell>
              <TableCell>{perPeriod(row.monthlyAmount, row.monthlyCount)}</TableCell>
              <TableCell>
                <EditLimitsButton holder={holder} scope={row.type} figures={row} />
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row">
              {limitRowLabel(holder, 'balance')}
            </TableCell>
            <TableCell colSpan={3}>{maxBalance(entry.maxBalance)}</TableCell>
            <TableCell>
              <EditLimitsButton holder={holder} scope="balance" figures={{ maxBalance: entry.maxBalance }} />
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableRegion>
  );
}
