import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiAnswers, held, overview, overviewAnswer, party, renderWithProviders, user } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { useSession } from '@wallet/shared/session';
import DepositPage from '../pages/deposit-page';
import HistoryPage from '../pages/history-page';
import OverviewPage from '../pages/overview-page';

const { ME, accepted, signedIn, transaction, transactionsAnswer } = createMoneyApi(user());

const rows = () =>
  within(screen.getByRole('table', { name: 'Transaction History' }))
    .getAllByRole('row')
    .slice(1);

describe('overview page', () => {
  it('should link four tiles to deposit, withdraw, transfer and history', async () => {
    overviewAnswer(overview(50));
    await renderWithProviders(<OverviewPage />);
    const tiles = ['Deposit', 'Withdraw', 'Transfer', 'History'].map((name) =>
      screen.getByRole('link', { name: new RegExp(`^${name}`) }),
    );
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/user/deposit',
      '/user/withdraw',
      '/user/transfer',
      '/user/history',
    ]);
    expect(screen.queryByRole('link', { name: 'Open your shop' })).not.toBeInTheDocument();
  });

  it('should lead a merchant to its shop', async () => {
    const shop = {
      _id: '00000000-0000-4000-8000-000000000900',
      name: 'Rahim Store',
      nameBn: 'রহিম স্টোর',
      category: '5411' as const,
      city: 'Dhaka',
      cityBn: 'ঢাকা',
      since: '2025-03-01T00:00:00.000Z',
    };
    useSession.setState({ user: user({ merchant: shop }), status: 'signed-in' });
    overviewAnswer(overview(50));
    await renderWithProviders(<OverviewPage />);
    const section = screen.getByRole('region', { name: 'Your shop' });
    expect(section).toHaveTextContent('Rahim Store');
    expect(within(section).getByRole('link', { name: 'Open your shop' })).toHaveAttribute('href', '/merchant/overview');
  });
});

describe('history page', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => transaction(i + 1));

  it('should say "Loading..." until the first page arrives', async () => {
    signedIn();
    const answer = held();
    transactionsAnswer(() => twelve, { hold: answer.promise });
    await renderWithProviders(<HistoryPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('-1.00')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('should page 5 rows at a time with Prev and Next, asking the server for each page', async () => {
    signedIn();
    const pages = transactionsAnswer(() => twelve);
    await renderWithProviders(<HistoryPage />);
    expect(await screen.findByText('-1.00')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('-6.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('-11.00')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('-6.00')).toBeInTheDocument();
    // Each page is asked of the server; a page shown again may be asked again (it could have changed).
    expect(pages.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('should show "N/A" for a missing party and sign money entering the wallet with +', async () => {
    signedIn();
    transactionsAnswer(() => [
      transaction(500, { type: 'deposit', sender: null, receiver: party(ME) }),
      transaction(40, {
        type: 'cash-in',
        sender: { _id: '33333333-3333-4333-8333-333333333333', name: 'Agent Ali' },
        receiver: party(ME),
      }),
    ]);
    await renderWithProviders(<HistoryPage />);
    const [deposit, cashIn] = await screen.findAllByRole('row').then((all) => all.slice(1));
    expect(within(deposit!).getByText('N/A')).toBeInTheDocument();
    expect(within(deposit!).getByText('+500.00')).toBeInTheDocument();
    expect(within(cashIn!).getByText('Agent Ali')).toBeInTheDocument();
    expect(within(cashIn!).getByText('+40.00')).toBeInTheDocument();
  });

  it('should show a new movement without a reload once the server accepted it', async () => {
    signedIn();
    const history = [transaction(50, { type: 'bonus', sender: null, receiver: party(ME) })];
    transactionsAnswer(() => history);
    apiAnswers('post', '/wallet/deposit', [accepted('Deposit successful!', 550)]);
    await renderWithProviders(
      <>
        <DepositPage />
        <HistoryPage />
      </>,
    );
    expect(await screen.findByText('+50.00')).toBeInTheDocument();
    history.unshift(transaction(500, { type: 'deposit', sender: null, receiver: party(ME) }));
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('+500.00')).toBeInTheDocument();
  });
});
