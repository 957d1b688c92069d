import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { historyFilterQuery, useMyTransactions, type HistoryFilters } from '@wallet/shared/data';
// By package name, not a relative path: a remote then uses the page's one session store, not a copy.
import { useSession } from '@wallet/shared/session';
import { HistoryFilterBar, useHistoryFilters } from '@wallet/shared/ui/wallet/history-filters';
import { PagedTable } from '@wallet/shared/ui/kit/paged-table';
import { useWalletT } from './messages';
import { StatementButton } from '@wallet/shared/ui/wallet/statement-button';
import { useTransactionColumns } from '@wallet/shared/ui/wallet/transaction-columns';

function HistoryTable({ title, filters }: { title: string; filters: HistoryFilters }) {
  const t = useWalletT();
  const viewerId = useSession((state) => state.user?._id);
  const columns = useTransactionColumns(viewerId);
  const paged = useMyTransactions(filters);
  const filtered = historyFilterQuery(filters).size > 0;
  return (
    <PagedTable
      label={title}
      columns={columns}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={filtered ? t('wallet.history.noMatch') : t('wallet.noTransactions')}
    />
  );
}

/** /user/history and /agent/history: the viewer's movements, filtered, and the statement of a date range. */
export function FilteredTransactionHistory({ title: given }: { title?: string }) {
  const t = useWalletT();
  const title = given ?? t('wallet.history.title');
  const { typed, applied, rangeError, update, reset } = useHistoryFilters();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        <HistoryFilterBar typed={typed} rangeError={rangeError} update={update} reset={reset} />
        <StatementButton from={typed.from} to={typed.to} />
        {/* Keyed by the filters: new filters are a new list, shown from page 1. */}
        <HistoryTable key={historyFilterQuery(applied).toString()} title={title} filters={applied} />
      </Stack>
    </>
  );
}
