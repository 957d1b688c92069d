import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@wallet/shared/dates';
import { i18n } from '@wallet/shared/i18n';
import { disputeRow, disputesApi, renderWithProviders } from '@wallet/shared/testing';
import DisputesPage from '../pages/disputes-page';
import { formatWait as formatWaitIn } from '../features/disputes/waiting-time';
import type { AdminT } from '../i18n';

const HOUR_MS = 3_600_000;
/** The wait in the page's language, worded by the page's translator (English here). */
const formatWait = (ms: number) => formatWaitIn(i18n._.bind(i18n) as AdminT, ms);
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const table = () => screen.getByRole('table', { name: 'Reports' });
const rowsOf = () => within(table()).getAllByRole('row').slice(1);
const rowWith = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('disputes page', () => {
  it('should list open reports oldest first, each with its wait against the 24-hour target', async () => {
    disputesApi({
      reports: [
        disputeRow(2, { reportedAt: ago(2 * HOUR_MS + 5 * 60_000 + 10_000) }),
        disputeRow(1, { reportedAt: ago(30 * HOUR_MS + 10_000) }),
        disputeRow(3, { status: 'rejected', decision: 'No', decidedAt: '2025-05-20T10:00:00.000Z' }),
      ],
    });
    await renderWithProviders(<DisputesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    await screen.findByText('Wrong number 1');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reported', 'Transfer', "Sender's reason", 'Waiting', 'Actions']);
    const [oldest, newer] = rowsOf();
    expect(within(oldest!).getByText('Wrong number 1')).toBeInTheDocument();
    expect(within(oldest!).getByText('1 d 6 h')).toBeInTheDocument();
    expect(within(oldest!).getByText('Overdue: target 24 h')).toBeInTheDocument();
    expect(within(oldest!).getByText('1.00 Taka')).toBeInTheDocument();
    expect(
      within(oldest!).getByText(`Sender 1 to Receiver 1, ${formatDateTime('2025-05-01T08:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(newer!).getByText('2 h 5 min')).toBeInTheDocument();
    expect(within(newer!).getByText('Target 24 h')).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(2);
  });

  it('should reverse with a reason: the reason sent, the toast, and the report leaves the queue for Reversed', async () => {
    const api = disputesApi({ reports: [disputeRow(1), disputeRow(2)] });
    await renderWithProviders(<DisputesPage />);
    const row = await rowWith('Wrong number 1');
    await userEvent.click(within(row).getByRole('button', { name: /^Reverse/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the transfer of 1.00 Taka?' });
    // The reason is required, and nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.decisions).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Receiver confirmed the mistake ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Transfer reversed')).toBeInTheDocument();
    expect(api.decisions).toEqual([
      { id: disputeRow(1)._id, body: { decision: 'reverse', reason: 'Receiver confirmed the mistake' } },
    ]);
    await waitFor(() => expect(screen.queryByText('Wrong number 1')).not.toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'reversed');
    const decided = await rowWith('Wrong number 1');
    expect(within(decided).getByText('Receiver confirmed the mistake')).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reported', 'Transfer', "Sender's reason", 'Decided', 'Decision']);
  });

  it("should show the server's refusal and keep the report in the queue when the money is gone", async () => {
    const api = disputesApi({ reports: [disputeRow(1)] });
    api.refuse = {
      status: 409,
      code: 'FUNDS_GONE',
      message: 'The receiver no longer holds the amount, so the transfer cannot be reversed',
    };
    await renderWithProviders(<DisputesPage />);
    await userEvent.click(within(await rowWith('Wrong number 1')).getByRole('button', { name: /^Reverse/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the transfer of 1.00 Taka?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sent to the wrong number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(
      await screen.findByText('The receiver no longer holds the amount, so the transfer cannot be reversed'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Wrong number 1')).toBeInTheDocument();
  });
});

describe('formatWait', () => {
  it('should say minutes, then hours and minutes, then days and hours', () => {
    expect(formatWait(59_999)).toBe('0 min');
    expect(formatWait(35 * 60_000)).toBe('35 min');
    expect(formatWait(5 * HOUR_MS + 10 * 60_000)).toBe('5 h 10 min');
    expect(formatWait(51 * HOUR_MS)).toBe('2 d 3 h');
    expect(formatWait(-1)).toBe('0 min');
  });
});
