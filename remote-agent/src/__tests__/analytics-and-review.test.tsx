import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agent,
  analyticsAnswer,
  apiAnswers,
  confirmWithPin,
  counterpart,
  myLimits,
  myLimitsAnswers,
  overview,
  overviewAnswer,
  renderWithProviders,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import AnalyticsPage from '../pages/analytics-page';
import CashInPage from '../pages/cash-in-page';

const { accepted, counterpartsAnswer, signedIn, walletAnswers } = createMoneyApi(agent());

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('agent analytics page', () => {
  it('should list the monthly figures in a table under the charts', async () => {
    signedIn();
    analyticsAnswer({
      months: [
        { month: '2025-03', type: 'cash-in', moneyIn: 0.16, moneyOut: 40, fees: 0, commissions: 0.16 },
        { month: '2025-03', type: 'cash-out', moneyIn: 80.33, moneyOut: 0, fees: 0, commissions: 0.33 },
      ],
      balance: [{ day: '2025-03-04', balance: 960 }],
      counterparts: [],
    });
    await renderWithProviders(<AnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'Money in and out per month by type' });
    expect(within(table).getAllByRole('rowheader', { name: 'March 2025' })).toHaveLength(2);
    expect(within(table).getByText('Cash-in')).toBeInTheDocument();
    expect(within(table).getByText('40.00')).toBeInTheDocument();
    expect(screen.getByText('No counterparts yet.')).toBeInTheDocument();
    // The commissions earned on cash-ins and cash-outs, on their own.
    const earned = screen.getByRole('table', { name: 'Fees and commissions per month' });
    expect(
      within(earned)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthFees paid (Taka)Commissions earned (Taka)', 'March 20250.000.49']);
  });
});

describe('cash-in review', () => {
  it("should show the agent's balance after the cash-in and send only on Confirm", async () => {
    signedIn();
    walletAnswers(1000);
    myLimitsAnswers(myLimits('AGENT'));
    overviewAnswer(overview(1000));
    counterpartsAnswer([counterpart(1, 'Rahim')]);
    const sent = apiAnswers('post', '/agent/cash-in', [accepted('CashIn successful!', 960)]);
    await renderWithProviders(<CashInPage />);
    expect(await screen.findByText('1,000.00')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User'), 'rah');
    await userEvent.click(await screen.findByRole('option', { name: /^Rahim/ }));
    await userEvent.type(screen.getByLabelText('Amount'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Cash In' }));
    const review = await screen.findByRole('dialog', { name: 'Review cash in' });
    expect(within(review).getByText('rahim@example.com')).toBeInTheDocument();
    // 1,000 less 40, and the agent's commission on it, 0.4%: 0.16, paid from fee revenue.
    expect(await within(review).findByText('960.16 Taka')).toBeInTheDocument();
    expect(within(review).getByText('You earn')).toBeInTheDocument();
    expect(within(review).getByText('0.16 Taka')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await confirmWithPin(review);
    expect(await screen.findByRole('heading', { name: 'Cash In receipt' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
