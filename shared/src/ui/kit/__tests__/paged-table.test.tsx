import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { isPageOf, usePaged } from '@wallet/shared/data';
import { transactionSchema, type Transaction } from '@wallet/shared/contracts';
import { fail, fixtureId, held, paged, renderWithProviders, server, transaction } from '@wallet/shared/testing';
import { PagedTable } from '../paged-table';
import { partyName, SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';

const VIEWER = fixtureId(1);
const OTHER = fixtureId(2);

/** Even transactions leave the viewer's wallet, odd ones enter it; the third has no sender. */
function viewersTransaction(n: number): Transaction {
  const outgoing = n % 2 === 0;
  return transaction(n, {
    balance: n * 10,
    sender: outgoing ? { _id: VIEWER, name: 'Me' } : n === 3 ? null : { _id: OTHER, name: `Sender ${n}` },
    receiver: outgoing ? { _id: OTHER, name: `Receiver ${n}` } : { _id: VIEWER, name: 'Me' },
  });
}

/**
 * A server holding `total` transactions that answers pages as the API does, searching the parties'
 * names; it records every query. `estimate` stands for the database's estimate of a very long list.
 */
function serveTransactions(
  total = 12,
  hold?: Promise<void>,
  all = Array.from({ length: total }, (_, i) => viewersTransaction(i + 1)),
  estimate?: number,
) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/transaction/me', async ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      await hold;
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = all.filter((row) =>
        `${partyName(row.sender)} ${partyName(row.receiver)}`.toLowerCase().includes(search),
      );
      return paged(transactionSchema, found, request, { estimate });
    }),
  );
  return queries;
}

/** The query of page `page` that starts after transaction `n`. */
const after = (page: number, n: number, search = '') =>
  `?page=${page}&limit=5${search && `&search=${search}`}&after=${transaction(n)._id}`;

/** A search box, and a Refresh button standing for an action elsewhere that makes the lists on screen ask again. */
function History() {
  const [search, setSearch] = useState('');
  const paged = usePaged<Transaction>('/transaction/me', { search });
  const { mutate } = useSWRConfig();
  return (
    <>
      <input aria-label="Search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <button onClick={() => mutate(isPageOf('/transaction/me'))}>Refresh</button>
      <PagedTable
        label="History"
        paged={paged}
        rowKey={(row) => row._id}
        columns={[
          { header: 'Sender', render: (row) => partyName(row.sender) },
          { header: 'Receiver', render: (row) => partyName(row.receiver) },
          { header: 'Amount', render: (row) => <SignedAmount transaction={row} viewerId={VIEWER} />, align: 'right' },
        ]}
      />
    </>
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'History' }))
    .getAllByRole('row')
    .slice(1);

/** The amounts on screen, one per row: which transactions the person sees. */
const amounts = () => bodyRows().map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);

describe('paged table', () => {
  it('should show "Loading..." until the first page arrives, then 5 rows', async () => {
    const answer = held();
    serveTransactions(12, answer.promise);
    await renderWithProviders(<History />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('Receiver 2')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
  });

  it("should let a keyboard reach the table's scroll region, named after the table", async () => {
    serveTransactions();
    await renderWithProviders(<History />);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const region = screen.getByRole('region', { name: 'History, scrollable' });
    expect(within(region).getByRole('table', { name: 'History' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('should page 12 rows 5 at a time with Prev and Next disabled at the ends', async () => {
    const queries = serveTransactions(12);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Receiver 6')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Receiver 12')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(amounts()).toEqual(['-60.00', '+70.00', '-80.00', '+90.00', '-100.00']);
    // Next asks for the rows after the last one shown; a page shown again is asked for again, with
    // the cursor that fetched it (it may have changed meanwhile).
    await waitFor(() => expect(queries).toEqual(['?page=1&limit=5', after(2, 5), after(3, 10), after(2, 5)]));
  });

  it('should go on after the last row shown when new rows arrive at the top of the list', async () => {
    const all = Array.from({ length: 12 }, (_, i) => viewersTransaction(i + 1));
    serveTransactions(12, undefined, all);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of 3');
    expect(amounts()).toEqual(['+10.00', '-20.00', '+30.00', '-40.00', '+50.00']);
    all.unshift(viewersTransaction(14), viewersTransaction(13));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(amounts()).toEqual(['-60.00', '+70.00', '-80.00', '+90.00', '-100.00']));
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(amounts()).toEqual(['-140.00', '+130.00', '+10.00', '-20.00', '+30.00']));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('should show "N/A" for a missing party and sign amounts from the viewer\'s wallet', async () => {
    serveTransactions(5);
    await renderWithProviders(<History />);
    const third = (await screen.findAllByRole('row')).find((row) => within(row).queryByText('+30.00'));
    expect(third).toBeDefined();
    expect(within(third!).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('-20.00')).toBeInTheDocument();
    expect(screen.getByText('+10.00')).toBeInTheDocument();
  });

  it('should send the search to the server and start again at page 1, with no cursor from before', async () => {
    const queries = serveTransactions(12);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'receiver');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?page=1&limit=5&search=receiver');
    await waitFor(() => expect(amounts()).toEqual(['-20.00', '-40.00', '-60.00', '-80.00', '-100.00']));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(amounts()).toEqual(['-120.00']);
    expect(queries.at(-1)).toBe(after(2, 10, 'receiver'));
  });

  it('should say "of about" when the total is the database\'s estimate', async () => {
    const queries = serveTransactions(12, undefined, undefined, 12_345);
    await renderWithProviders(<History />);
    expect(await screen.findByText('Page 1 of about 2,469')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of about 2,469')).toBeInTheDocument();
    expect(amounts()).toEqual(['-60.00', '+70.00', '-80.00', '+90.00', '-100.00']);
    expect(queries.at(-1)).toBe(after(2, 5));
  });

  it('should disable Next at the end of the list even when the estimate promises more pages', async () => {
    serveTransactions(7, undefined, undefined, 12_345);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of about 2,469');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('+70.00')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Page 2 of about 2,469')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('should page on past an estimate that fell short, without jumping back', async () => {
    serveTransactions(12, undefined, undefined, 6);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of about 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of about 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of about 3')).toBeInTheDocument();
    expect(amounts()).toEqual(['+110.00', '-120.00']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("should show the server's message when the list cannot be loaded", async () => {
    server.use(http.get('*/api/v1/transaction/me', () => fail(403, 'Forbidden')));
    await renderWithProviders(<History />);
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('should go back to the new last page when the list shrinks under the one shown', async () => {
    const all = Array.from({ length: 6 }, (_, i) => viewersTransaction(i + 1));
    serveTransactions(6, undefined, all);
    await renderWithProviders(<History />);
    await screen.findByText('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Receiver 6')).toBeInTheDocument();
    all.pop();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(await screen.findByText('Receiver 4')).toBeInTheDocument();
  });

  it('should say so when there is nothing to list', async () => {
    serveTransactions(0);
    await renderWithProviders(<History />);
    expect(await screen.findByText('Nothing to show yet.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});
