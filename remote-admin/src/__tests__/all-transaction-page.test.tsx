import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { held, renderWithProviders, transaction } from '@wallet/shared/testing';
import { adminApi, adminInsightsApi } from '@wallet/shared/testing/admin-api';
import AllTransactionPage from '../pages/all-transaction-page';

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Transactions' }))
    .getAllByRole('row')
    .slice(1);

describe('all transactions page', () => {
  // The page also shows the volume of the last 30 days (admin-analytics.test.tsx).
  beforeEach(() => adminInsightsApi());

  it('should show "Loading..." until the transactions arrive', async () => {
    const api = adminApi({ transactions: [transaction(1)] });
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<AllTransactionPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => hold.release());
    expect(await screen.findByText('Sender 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('should show type, parties, amount and status, with "N/A" for a missing party', async () => {
    adminApi({ transactions: [transaction(1), transaction(500, { type: 'deposit', sender: null })] });
    await renderWithProviders(<AllTransactionPage />);
    const deposit = (await screen.findByText('Receiver 500')).closest('tr') as HTMLElement;
    expect(within(deposit).getByText('N/A')).toBeInTheDocument();
    expect(within(deposit).getByText('Deposit')).toBeInTheDocument();
    expect(within(deposit).getByText('500.00')).toBeInTheDocument();
    expect(within(deposit).getByText('completed')).toBeInTheDocument();
  });

  it('should page 12 transactions 5 at a time, the third page holding 2', async () => {
    const api = adminApi({ transactions: Array.from({ length: 12 }, (_, i) => transaction(i + 1)) });
    await renderWithProviders(<AllTransactionPage />);
    await screen.findByText('Sender 1');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sender 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sender 12')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Sender 10')).toBeInTheDocument();
    expect(api.queries.slice(0, 3)).toEqual([
      '/admin/transactions?page=1&limit=5',
      `/admin/transactions?page=2&limit=5&after=${transaction(5)._id}`,
      `/admin/transactions?page=3&limit=5&after=${transaction(10)._id}`,
    ]);
  });
});
