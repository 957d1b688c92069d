import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { usePaged } from '@wallet/shared/data';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { PageHeader } from '../../components/page-header';
import { SearchField, useSearch } from './search-field';
import { WalletBalance, WalletState } from './wallet-cells';

interface PeopleListProps {
  title: string;
  label: string;
  path: string;
  /** Columns between the email and the wallet's, e.g. an agent's status. */
  extraColumns?: Column<AdminUserRow>[];
  actions: (row: AdminUserRow) => ReactNode;
}

/** The users or agents, paged and searched on the server, each row with its admin actions. */
export function PeopleList({ title, label, path, extraColumns = [], actions }: PeopleListProps) {
  const { input, setInput, search } = useSearch();
  const paged = usePaged<AdminUserRow>(path, { search });
  const columns: Column<AdminUserRow>[] = [
    { header: 'Name', render: (row) => row.name },
    { header: 'Email', render: (row) => row.email },
    ...extraColumns,
    { header: 'Balance', render: (row) => <WalletBalance row={row} />, align: 'right' },
    { header: 'Wallet', render: (row) => <WalletState row={row} /> },
    {
      header: 'Actions',
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
        <SearchField label="Search by name or email" value={input} onChange={setInput} />
      </PageHeader>
      <PagedTable
        label={label}
        columns={columns}
        paged={paged}
        rowKey={(row) => row._id}
        emptyText={`No ${label.toLowerCase()} found.`}
      />
    </Stack>
  );
}
