import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { usePaged } from '@wallet/shared/data';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { PageHeader } from '../../components/page-header';
import { useT } from '../../i18n';
import { SearchField, useSearch } from './search-field';
import { WalletBalance, WalletState } from './wallet-cells';

interface PeopleListProps {
  title: string;
  label: string;
  /** What the table says when no one matches. */
  emptyText: string;
  path: string;
  /** Columns between the email and the wallet's, e.g. an agent's status. */
  extraColumns?: Column<AdminUserRow>[];
  actions: (row: AdminUserRow) => ReactNode;
}

/** The users or agents, paged and searched on the server, each row with its admin actions. */
export function PeopleList({ title, label, emptyText, path, extraColumns = [], actions }: PeopleListProps) {
  const t = useT();
  const { input, setInput, search } = useSearch();
  const paged = usePaged<AdminUserRow>(path, { search });
  const columns: Column<AdminUserRow>[] = [
    { header: t('admin.column.name'), render: (row) => row.name },
    { header: t('admin.column.email'), render: (row) => row.email },
    ...extraColumns,
    { header: t('admin.column.balance'), render: (row) => <WalletBalance row={row} />, align: 'right' },
    { header: t('admin.column.wallet'), render: (row) => <WalletState row={row} /> },
    {
      header: t('admin.column.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          {actions(row)}
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={3}>
      <PageHeader title={title}>
        <SearchField label={t('admin.people.search')} value={input} onChange={setInput} />
      </PageHeader>
      <PagedTable label={label} columns={columns} paged={paged} rowKey={(row) => row._id} emptyText={emptyText} />
    </Stack>
  );
}
