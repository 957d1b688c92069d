import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
// By package name, not a relative path: the app's shared singleton, not a private copy in this chunk.
import { errorMessage } from '@wallet/shared/api';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { useKitT } from './messages';

export interface Column<T> {
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

interface ListTableProps<T> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  isLoading?: boolean;
  /** A failure to show instead of the rows. */
  error?: unknown;
  errorText?: string;
  emptyText?: string;
  /** The first column names its row (a row header), as a person's or a token's name does. */
  rowHeader?: boolean;
}

/** A table's one row while it loads, fails or is empty. */
function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span} align="center" sx={{ py: 4 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** A list in a scrollable table region: its columns, "Loading...", its failure, or what it says when empty. */
export function ListTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading = false,
  error,
  errorText,
  emptyText,
  rowHeader = false,
}: ListTableProps<T>) {
  const t = useKitT();
  return (
    <TableRegion name={t('kit.table.scrollable', { label })}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading ? (
            <MessageRow span={columns.length}>{t('kit.loadingRow')}</MessageRow>
          ) : error ? (
            <MessageRow span={columns.length}>
              <Alert severity="error">{errorMessage(error, errorText ?? t('kit.list.error'))}</Alert>
            </MessageRow>
          ) : rows.length === 0 ? (
            <MessageRow span={columns.length}>{emptyText ?? t('kit.list.empty')}</MessageRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column, index) =>
                  rowHeader && index === 0 ? (
                    <TableCell key={column.header} component="th" scope="row" align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ) : (
                    <TableCell key={column.header} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
