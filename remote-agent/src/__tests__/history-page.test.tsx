import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent, counterpart, held, party, renderWithProviders } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import HistoryPage from '../pages/history-page';

const { ME, signedIn, transaction, transactionsAnswer } = createMoneyApi(agent());

const rows = () =>
  within(screen.getByRole('table', { name: 'Transaction History' }))
    .getAllByRole('row')
    .slice(1);
const customer = party(counterpart(9, 'Rahim'));

describe('agent history page', () => {
  it('should say "Loading..." and then sign cash-ins as leaving and cash-outs as entering the wallet', async () => {
    signedIn();
    const answer = held();
    transactionsAnswer(
      () => [
        transaction(40, { type: 'cash-in', sender: party(ME), receiver: customer }),
        transaction(80, { type: 'cash-out', sender: customer, receiver: party(ME) }),
        transaction(50, { type: 'bonus', sender: null, receiver: party(ME) }),
      ],
      { hold: answer.promise },
    );
    await renderWithProviders(<HistoryPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('-40.00')).toBeInTheDocument();
    const [cashIn, cashOut, bonus] = rows();
    expect(within(cashIn!).getByText('Cash-in')).toBeInTheDocument();
    expect(within(cashOut!).getByText('+80.00')).toBeInTheDocument();
    expect(within(bonus!).getByText('N/A')).toBeInTheDocument();
  });

  it('should page 5 rows at a time with Prev and Next', async () => {
    signedIn();
    const pages = transactionsAnswer(() =>
      Array.from({ length: 7 }, (_, i) => transaction(i + 1, { type: 'cash-in', receiver: customer })),
    );
    await renderWithProviders(<HistoryPage />);
    expect(await screen.findByText('-1.00')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('-7.00')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('-1.00')).toBeInTheDocument();
    // Each page is asked of the server; a page shown again may be asked again (it could have changed).
    expect(pages.slice(0, 2)).toEqual([1, 2]);
  });
});
