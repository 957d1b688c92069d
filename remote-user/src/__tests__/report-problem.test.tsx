import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { disputeRowSchema, type Transaction } from '@wallet/shared/contracts';
import {
  apiAnswers,
  counterpart,
  disputeRow,
  fail,
  ok,
  party,
  renderWithProviders,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import HistoryPage from '../pages/history-page';

const { ME, signedIn, transaction, transactionsAnswer } = createMoneyApi(user());
const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const rowWith = async (amount: string) => (await screen.findByText(amount)).closest('tr') as HTMLElement;
const reportButton = (row: HTMLElement) => within(row).queryByRole('button', { name: /^Report a problem/ });

describe('reporting a transfer from the history', () => {
  it('should offer "Report a problem" only on a transfer the person sent within 7 days, not reversed or reported', async () => {
    signedIn();
    transactionsAnswer(() => [
      transaction(1, { createdAt: ago(HOUR_MS) }),
      transaction(2, { createdAt: ago(7 * 24 * HOUR_MS + 60_000) }),
      transaction(3, { createdAt: ago(HOUR_MS), sender: party(counterpart(3, 'Rina')), receiver: party(ME) }),
      transaction(4, { createdAt: ago(HOUR_MS), type: 'cash-out' }),
      transaction(5, { createdAt: ago(HOUR_MS), reversedBy: '99999999-9999-4999-8999-999999999999' }),
    ]);
    await renderWithProviders(<HistoryPage />);
    expect(reportButton(await rowWith('-1.00'))).toBeInTheDocument();
    expect(reportButton(await rowWith('-2.00'))).not.toBeInTheDocument();
    expect(reportButton(await rowWith('+3.00'))).not.toBeInTheDocument();
    expect(reportButton(await rowWith('-4.00'))).not.toBeInTheDocument();
    expect(reportButton(await rowWith('-5.00'))).not.toBeInTheDocument();
  });

  it("should show a report waiting, and the admin's decision and reason, to the sender", async () => {
    signedIn();
    transactionsAnswer(() => [
      transaction(3, { createdAt: ago(HOUR_MS), dispute: { _id: disputeRow(3)._id, status: 'open', decision: null } }),
      transaction(1, { dispute: { _id: disputeRow(1)._id, status: 'rejected', decision: 'The goods were delivered' } }),
      transaction(2, {
        reversedBy: '99999999-9999-4999-8999-999999999999',
        dispute: { _id: disputeRow(2)._id, status: 'reversed', decision: 'Receiver confirmed' },
      }),
    ]);
    await renderWithProviders(<HistoryPage />);
    expect(within(await rowWith('-1.00')).getByText('Report rejected: The goods were delivered')).toBeInTheDocument();
    expect(
      within(await rowWith('-2.00')).getByText('Report upheld, transfer reversed: Receiver confirmed'),
    ).toBeInTheDocument();
    const waiting = await rowWith('-3.00');
    expect(within(waiting).getByText('Reported: under review')).toBeInTheDocument();
    expect(reportButton(waiting)).not.toBeInTheDocument();
  });

  it('should send the reason, and show the report on the row once the history is fetched again', async () => {
    signedIn();
    let rows: Transaction[] = [transaction(1, { createdAt: ago(HOUR_MS) })];
    transactionsAnswer(() => rows);
    const row = disputeRow(1, { transactionId: rows[0]!._id, transaction: rows[0]! });
    const sent = apiAnswers('post', `/transaction/${rows[0]!._id}/dispute`, [
      ok(disputeRowSchema, row, {
        status: 201,
        message: 'Your report was sent. We will look into it within 24 hours.',
      }),
    ]);
    await renderWithProviders(<HistoryPage />);
    await userEvent.click(reportButton(await rowWith('-1.00'))!);
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this transfer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('What went wrong is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    rows = [{ ...rows[0]!, dispute: { _id: row._id, status: 'open', decision: null } }];
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What went wrong' }), ' One digit off ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Your report was sent. We will look into it within 24 hours.')).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([{ reason: 'One digit off' }]);
    expect(await screen.findByText('Reported: under review')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("should show the server's refusal and close the dialog", async () => {
    signedIn();
    const rows = [transaction(1, { createdAt: ago(HOUR_MS) })];
    transactionsAnswer(() => rows);
    apiAnswers('post', `/transaction/${rows[0]!._id}/dispute`, [
      fail(409, 'This transfer has already been reversed', undefined, 'ALREADY_REVERSED'),
    ]);
    await renderWithProviders(<HistoryPage />);
    await userEvent.click(reportButton(await rowWith('-1.00'))!);
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this transfer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What went wrong' }), 'Wrong person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This transfer has already been reversed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
