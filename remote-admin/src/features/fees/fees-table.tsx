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
import { agentText, FEE_TYPE_LABELS, feeText } from './fee-fields';

const HEADERS = ['Movement', 'The payer pays', 'Free each month', 'The agent earns', 'Updated', 'Actions'];

/** The schedule: a row per movement that may cost something, each edited on its own. */
export function FeesTable({ schedule }: { schedule: FeeSchedule }) {
  return (
    <TableRegion name="Fees, scrollable">
      <Table size="small" aria-label="Fees">
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
          {schedule.map((row) => (
            <TableRow key={row.type}>
              <TableCell component="th" scope="row">
                {FEE_TYPE_LABELS[row.type]}
              </TableCell>
              <TableCell>{row.type === 'cash-in' ? 'Free' : feeText(row)}</TableCell>
              <TableCell>{row.freeMonthly === null ? 'None' : `${formatTaka(row.freeMonthly)} Taka`}</TableCell>
              <TableCell>{agentText(row.type, row)}</TableCell>
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
