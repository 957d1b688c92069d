import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feesApi, renderWithProviders } from '@wallet/shared/testing';
import FeesPage from '../pages/fees-page';

/** Each body row of the schedule as its cells read, the Updated and Actions columns left out. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Fees' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')]
        .slice(0, -2)
        .map((cell) => cell.textContent),
    );
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

async function retype(dialog: HTMLElement, name: string, value: string) {
  await userEvent.clear(field(dialog, name));
  if (value) await userEvent.type(field(dialog, name), value);
}

describe('fees page', () => {
  it('should show the schedule in words: who pays what, and what the agent earns', async () => {
    feesApi();
    await renderWithProviders(<FeesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    expect(screen.getByText(/Deposits from a bank are always free/)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Fees' });
    expect(rows()).toEqual([
      ['Send money', 'Free', 'None', '—'],
      ['Cash out', '1.85%', 'None', '22% of the fee'],
      ['Cash in', 'Free', 'None', '0.4% of the amount (4.00 Taka per 1,000)'],
      ['Payment', 'Free: the merchant pays 1%', 'None', '—'],
    ]);
  });

  it("should set a row outright from its dialog, the other type's fields as the API takes them", async () => {
    const api = feesApi();
    await renderWithProviders(<FeesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Send money fees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send money fees' });
    expect(within(dialog).queryByRole('textbox', { name: 'Agent’s share of the fee' })).not.toBeInTheDocument();
    await retype(dialog, 'Percentage', '0.5');
    await retype(dialog, 'Fixed part', '5');
    await retype(dialog, 'Maximum fee', '25');
    await retype(dialog, 'Free each month', '25,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fees updated')).toBeInTheDocument();
    expect(api.updates).toEqual([
      {
        type: 'transfer',
        body: {
          percent: 0.5,
          fixed: 5,
          minimum: null,
          maximum: 25,
          freeMonthly: 25000,
          agentShare: 0,
          agentCommission: 0,
        },
      },
    ]);
    await waitFor(() =>
      expect(rows()[0]).toEqual(['Send money', '0.5% + 5.00 Taka, at most 25.00 Taka', '25,000.00 Taka', '—']),
    );
  });

  it('should refuse a minimum above the maximum and a percentage over 100 before sending', async () => {
    const api = feesApi();
    await renderWithProviders(<FeesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Cash out fees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash out fees' });
    await retype(dialog, 'Percentage', '101');
    await retype(dialog, 'Minimum fee', '30');
    await retype(dialog, 'Maximum fee', '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/must be at most 100/)).toBeInTheDocument();
    expect(within(dialog).getByText(/must be at most maximum/)).toBeInTheDocument();
    expect(api.updates).toEqual([]);
  });

  it('should show the commission float and let an owner fund it, fee revenue only as far as it holds', async () => {
    const api = feesApi();
    await renderWithProviders(<FeesPage />);
    const card = await screen.findByRole('region', { name: 'Commission float' });
    expect(await within(card).findByText('0.00 Taka')).toBeInTheDocument();
    expect(within(card).getByText('120.00 Taka')).toBeInTheDocument();
    expect(within(card).getByText(/The float is empty/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Fund the float' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund the commission float' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (Taka)' }), '500');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'From' }), 'Fee revenue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fund the float' }));
    expect(await screen.findByText('Fee revenue holds only 120 Taka: fund the rest by a deposit')).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'From' }), 'A deposit from the bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fund the float' }));
    expect(await screen.findByText('Commission float funded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('500.00 Taka')).toBeInTheDocument();
    expect(within(card).queryByText(/The float is empty/)).not.toBeInTheDocument();
    expect(api.fundings).toEqual([
      { amount: 500, source: 'fee_revenue' },
      { amount: 500, source: 'deposit' },
    ]);
  });
});
