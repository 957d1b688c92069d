import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiAnswers, fail, fixtureId, held, ok, renderWithProviders, transaction } from '@wallet/shared/testing';
import { transactionSchema } from '@wallet/shared/contracts';
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

  it('should reverse a transfer with a reason, the reversal linked to it, and offer nothing on other rows', async () => {
    const reversal = transaction(40, { _id: fixtureId(7040), type: 'reversal', reverses: transaction(40)._id });
    adminApi({ transactions: [transaction(40), transaction(41, { type: 'cash-out' }), reversal] });
    const sent = apiAnswers('post', `/admin/reverse/${transaction(40)._id}`, [
      ok(transactionSchema, reversal, { status: 201, message: 'Transfer reversed' }),
    ]);
    await renderWithProviders(<AllTransactionPage />);
    const [transfer, cashOut, reversed] = (await screen.findAllByRole('row')).slice(1);
    expect(within(cashOut!).queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    expect(within(reversed!).getByText(`Reverses ${transaction(40)._id.slice(0, 8)}`)).toBeInTheDocument();
    expect(within(reversed!).queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();

    await userEvent.click(
      within(transfer!).getByRole('button', { name: 'Reverse the transfer from Sender 40 to Receiver 40' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the transfer of 40.00 Taka?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await within(dialog).findByText(/Reason is required/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Sent to the wrong person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Transfer reversed')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { reason: 'Sent to the wrong person' }, idempotencyKey: null }]);
  });

  it("should say why a reversal was refused, in the server's words", async () => {
    adminApi({ transactions: [transaction(40)] });
    const refused = 'The receiver no longer holds the amount, so the transfer cannot be reversed';
    apiAnswers('post', `/admin/reverse/${transaction(40)._id}`, [fail(409, refused, undefined, 'FUNDS_GONE')]);
    await renderWithProviders(<AllTransactionPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Reverse the transfer/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
  });
});
