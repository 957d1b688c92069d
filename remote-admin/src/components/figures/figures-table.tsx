import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { useT, type AdminMessage } from '../../i18n';

const ACTIONS: AdminMessage = 'admin.column.actions';

/**
 * Rows of figures, each edited on its own: `headers` name the row's column and its figures', the
 * Actions column follows. `name` is the table's accessible name, `region` its scrolling frame's.
 */
export function FiguresTable({
  name,
  region,
  headers,
  children,
}: {
  name: string;
  region: string;
  headers: readonly AdminMessage[];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <TableRegion name={region}>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>
            {[...headers, ACTIONS].map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableRegion>
  );
}

/** A row of a FiguresTable: its name (the row's header), its figures' cells, then its Edit. */
export function FiguresTableRow({ name, edit, children }: { name: string; edit: ReactNode; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      {children}
      <TableCell>{edit}</TableCell>
    </TableRow>
  );
}
