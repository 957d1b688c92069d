import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useRoutes } from '@wallet/shared/router';
import {
  agent,
  counterpart,
  myLimits,
  myLimitsAnswers,
  overview,
  overviewAnswer,
  renderWithProviders,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { i18n } from '@wallet/shared/i18n';
import { menu } from '../menu';
import { routes } from '../routes';
import CashInPage from '../pages/cash-in-page';

const { counterpartsAnswer, signedIn, walletAnswers } = createMoneyApi(agent());

function AgentArea() {
  return useRoutes(routes);
}

const ASKED_TODAY = myLimits('AGENT', { used: { 'cash-in': { day: 40, month: 40 } }, balance: 960 });

describe('agent limits page', () => {
  it("should be in the agent's menu, after Analytics", () => {
    // Titles are message ids of the area's catalog, which the host shows in the page's language.
    expect(menu.flatMap((group) => group.items).map(({ title, url }) => [i18n._(title), url])).toEqual([
      ['Cash In', '/agent/cash-in'],
      ['History', '/agent/history'],
      ['Analytics', '/agent/analytics'],
      ['Limits', '/agent/limits'],
      ['Security', '/agent/security'],
    ]);
  });

  it('should show the cash-ins given and the cash-outs taken at /agent/limits', async () => {
    signedIn();
    myLimitsAnswers(ASKED_TODAY);
    await renderWithProviders(
      <Routes>
        <Route path="/agent/*" element={<AgentArea />} />
      </Routes>,
      { route: '/agent/limits' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Limits' })).toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Cash in (given) today: 40.00 of 1,000,000.00 Taka used' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cash in (given)',
      'Cash out (taken)',
      'Balance',
    ]);
    expect(within(screen.getByRole('region', { name: 'Cash out (taken)' })).getAllByText('No limit')).toHaveLength(5);
    expect(screen.getByRole('progressbar', { name: 'Balance: 960.00 of 5,000,000.00 Taka held' })).toBeInTheDocument();
    // Agents have no identity review: their approval needed a verified email.
    expect(screen.queryByRole('region', { name: 'Identity review' })).not.toBeInTheDocument();
  });
});

describe('cash-in review', () => {
  it("should say what the agent's cash-in limits leave, and warn above the largest cash-in", async () => {
    signedIn();
    walletAnswers(100_000);
    myLimitsAnswers(ASKED_TODAY);
    overviewAnswer(overview(100_000));
    counterpartsAnswer([counterpart(1, 'Rahim')]);
    await renderWithProviders(<CashInPage />);
    await userEvent.type(screen.getByLabelText('User'), 'rah');
    await userEvent.click(await screen.findByRole('option', { name: /^Rahim/ }));
    await userEvent.type(screen.getByLabelText('Amount'), '60000');
    await userEvent.click(screen.getByRole('button', { name: 'Cash In' }));
    const review = await screen.findByRole('dialog', { name: 'Review cash in' });
    expect(
      await within(review).findByText('This is more than one movement allows: at most 50,000.00 Taka at a time'),
    ).toBeInTheDocument();
    const lines = within(review)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(lines.slice(-2)).toEqual([
      ['Left today after this', '939,960.00 Taka'],
      ['Left this month after this', '19,939,960.00 Taka'],
    ]);
  });
});
