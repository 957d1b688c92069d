import { screen, within } from '@testing-library/react';
import type { Analytics } from '@wallet/shared/contracts';
import {
  analyticsAnswer,
  fixtureId,
  overview,
  overviewAnswer,
  party,
  renderWithProviders,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import AnalyticsPage from '../pages/analytics-page';
import OverviewPage from '../pages/overview-page';

const { ME, signedIn, transaction } = createMoneyApi(user());

// The charts measure their box; jsdom has no layout.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const analytics: Analytics = {
  months: [
    { month: '2025-02', type: 'deposit', moneyIn: 500, moneyOut: 0, fees: 0, commissions: 0 },
    { month: '2025-03', type: 'transfer', moneyIn: 0, moneyOut: 120.5, fees: 0, commissions: 0 },
  ],
  balance: [
    { day: '2025-02-10', balance: 550 },
    { day: '2025-03-04', balance: 429.5 },
  ],
  counterparts: [
    { _id: fixtureId(1), name: 'Karim', email: 'karim@example.com', count: 3, moneyIn: 0, moneyOut: 120.5 },
  ],
};

const cells = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('analytics page', () => {
  it('should put every figure of the charts in named tables', async () => {
    signedIn();
    analyticsAnswer(analytics);
    await renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByRole('heading', { name: 'Money in and out per month' })).toBeInTheDocument();
    expect(cells('Money in and out per month by type')).toEqual([
      ['February 2025', 'Deposit', '500.00', '0.00'],
      ['March 2025', 'Transfer', '0.00', '120.50'],
    ]);
    expect(cells('Balance at the end of each day')).toEqual([
      ['10 Feb 2025', '550.00'],
      ['4 Mar 2025', '429.50'],
    ]);
    expect(cells('Top counterparts')).toEqual([['Karim', 'karim@example.com', '3', '0.00', '120.50']]);
    // No fee was paid: no fees table.
    expect(screen.queryByRole('table', { name: 'Fees and commissions per month' })).not.toBeInTheDocument();
  });

  it('should let a keyboard reach each table that scrolls, by its name', async () => {
    signedIn();
    analyticsAnswer(analytics);
    await renderWithProviders(<AnalyticsPage />);
    const regions = await screen.findAllByRole('region', { name: /\(table\)$/ });
    expect(regions).toHaveLength(3);
    regions.forEach((region) => expect(region).toHaveAttribute('tabindex', '0'));
  });

  it('should describe each chart in words', async () => {
    signedIn();
    analyticsAnswer(analytics);
    await renderWithProviders(<AnalyticsPage />);
    const figures = await screen.findAllByRole('figure');
    expect(figures.map((figure) => figure.getAttribute('aria-describedby'))).not.toContain(null);
    expect(screen.getByRole('figure', { name: 'Balance over time' })).toHaveAccessibleDescription(
      'The balance at the end of each day with a movement. The table below lists each of those days.',
    );
  });
});

describe('overview figures', () => {
  it('should show the balance, this month in and out, and link the latest movements into the history', async () => {
    signedIn();
    overviewAnswer(
      overview(1234.5, {
        month: { month: '2025-03', moneyIn: 500, moneyOut: 120 },
        latest: [
          transaction(120, { createdAt: '2025-03-04T14:30:00.000Z' }),
          transaction(500, {
            type: 'deposit',
            sender: null,
            receiver: party(ME),
            createdAt: '2025-03-02T09:00:00.000Z',
          }),
        ],
      }),
    );
    await renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Money in, March 2025').nextSibling).toHaveTextContent('500.00');
    expect(screen.getByText('Money out, March 2025').nextSibling).toHaveTextContent('120.00');
    const latest = within(screen.getByRole('list', { name: 'Latest movements' })).getAllByRole('link');
    expect(latest.map((link) => link.getAttribute('href'))).toEqual([
      '/user/history?type=transfer&from=2025-03-04&to=2025-03-04',
      '/user/history?type=deposit&from=2025-03-02&to=2025-03-02',
    ]);
    expect(latest[0]).toHaveTextContent(/Transfer to Karim.*-120\.00/);
    expect(latest[1]).toHaveTextContent(/Deposit.*\+500\.00/);
    expect(screen.getAllByRole('link', { name: /^(Deposit|Withdraw|Transfer|History)/ })).toHaveLength(4);
  });
});
