import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
// By package name, not a relative path: the app's shared singleton, not a private copy in this chunk.
import { errorMessage } from '@wallet/shared/api';
import { type Paged } from '@wallet/shared/data';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';

export interface Column<T> {
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

interface PagedTableProps<T> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: Column<T>[];
  paged: Paged<T>;
  rowKey: (row: T) => string;
  emptyText?: string;
}

/** Spec §2: a list of 5 rows a page with Prev and Next, "Loading..." while the page is fetched. */
export function PagedTable<T>({
  label,
  columns,
  paged,
  rowKey,
  emptyText = 'Nothing to show yet.',
}: PagedTableProps<T>) {
  const { rows, page, totalPages, estimated, isLoading, error, hasPrev, hasNext, prev, next } = paged;
  // An estimate may fall short of where the person already is: never "page 7 of about 5".
  const lastPage = Math.max(totalPages, page).toLocaleString('en-US');
  return (
    <Stack spacing={2}>
      <TableRegion name={`${label}, scrollable`}>
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
              <MessageRow span={columns.length}>Loading...</MessageRow>
            ) : error ? (
              <MessageRow span={columns.length}>
                <Alert severity="error">{errorMessage(error, 'The list could not be loaded. Please try again.')}</Alert>
              </MessageRow>
            ) : rows.length === 0 ? (
              <MessageRow span={columns.length}>{emptyText}</MessageRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableRegion>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Page {page.toLocaleString('en-US')} of {estimated ? `about ${lastPage}` : lastPage}
        </Typography>
        <Button variant="outlined" size="small" onClick={prev} disabled={!hasPrev}>
          Prev
        </Button>
        <Button variant="outlined" size="small" onClick={next} disabled={!hasNext}>
          Next
        </Button>
      </Box>
    </Stack>
  );
}

function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span} align="center" sx={{ py: 4 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
