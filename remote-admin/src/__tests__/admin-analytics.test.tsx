import { screen, waitFor, within } from '@testing-library/react';
import { formatDay } from '@wallet/shared/dates';
import { renderWithProviders } from '@wallet/shared/testing';
import { adminApi, adminInsightsApi } from '@wallet/shared/testing/admin-api';
import AllTransactionPage from '../pages/all-transaction-page';

const DAY_MS = 86_400_000;
/** The calendar day (UTC) `n` days before today, as the API writes it. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

const volumeTable = () => screen.getByRole('table', { name: /^Volume per day and type/ });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('admin analytics on the all transactions page', () => {
  beforeEach(() => adminApi());

  it('should put every figure of the last 30 days in a table, per day and type, and sum them up in words', async () => {
    const api = adminInsightsApi({
      analytics: {
        days: [
          { day: daysAgo(2), type: 'deposit', count: 2, amount: 1000 },
          { day: daysAgo(2), type: 'transfer', count: 1, amount: 250.5 },
          { day: daysAgo(0), type: 'cash-out', count: 3, amount: 300 },
        ],
      },
    });
    await renderWithProviders(<AllTransactionPage />);
    expect(await screen.findByRole('heading', { name: 'Volume, last 30 days' })).toBeInTheDocument();
    expect(await screen.findByText(/^1,550\.50 Taka moved/)).toHaveTextContent(
      '1,550.50 Taka moved in 6 transactions over the last 30 days. ' +
        'By type: Deposit 1,000.00 (2 transactions), Transfer 250.50 (1 transaction), Cash-out 300.00 (3 transactions). ' +
        `Busiest day: ${formatDay(daysAgo(2))}, 1,250.50 Taka.`,
    );
    expect(rowsOf(volumeTable())).toEqual([
      ['Day', 'Deposit', 'Transfer', 'Cash-out', 'Total'],
      [formatDay(daysAgo(2)), '1,000.00 (2)', '250.50 (1)', '0.00 (0)', '1,250.50 (3)'],
      [formatDay(daysAgo(0)), '0.00 (0)', '0.00 (0)', '300.00 (3)', '300.00 (3)'],
    ]);
    expect(api.queries).toContain('/admin/analytics?days=30');
    // The chart itself is drawn (from its own chunk) but kept from screen readers, who have the above.
    await waitFor(() => expect(document.querySelector('[aria-hidden="true"] svg')).not.toBeNull());
  });

  it('should keep the transactions list as it was, above the volume', async () => {
    adminInsightsApi();
    await renderWithProviders(<AllTransactionPage />);
    const headings = (await screen.findAllByRole('heading')).map((heading) => heading.textContent);
    expect(headings).toEqual(['All Transactions', 'Volume, last 30 days']);
    expect(screen.getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  });

  it('should say when no money moved, with an empty table', async () => {
    adminInsightsApi();
    await renderWithProviders(<AllTransactionPage />);
    expect(await screen.findByText('No money moved in the last 30 days.')).toBeInTheDocument();
    expect(rowsOf(volumeTable())).toEqual([['Day', 'Total']]);
  });

  it('should say when the volume cannot be loaded, the list still shown', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = adminInsightsApi();
    api.refuse = true;
    await renderWithProviders(<AllTransactionPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  });
});
