import { screen } from '@testing-library/react';
import { agent, party, renderWithProviders, transaction, user, walletOf } from '@wallet/shared/testing';
import { MoneyReceipt } from '../money-receipt';

const AGENT = agent();
const RAHIM = user({ name: 'Rahim' });

/** An agent's cash-in of 40 Taka to Rahim, as the API answers it. */
function cashIn(commission: number, commissionUnpaid?: number) {
  return {
    transaction: transaction(1, {
      type: 'cash-in',
      balance: 40,
      commission,
      sender: party(AGENT),
      receiver: party(RAHIM),
    }),
    wallet: walletOf(AGENT, { balance: 960 }),
    ...(commissionUnpaid === undefined ? {} : { commissionUnpaid }),
  };
}

describe("an agent's cash-in receipt", () => {
  it('should say what the agent earned', async () => {
    await renderWithProviders(<MoneyReceipt title="Cash In receipt" result={cashIn(0.16)} onDone={() => {}} />);
    expect(screen.getByText('You earned')).toBeInTheDocument();
    expect(screen.getByText('0.16 Taka')).toBeInTheDocument();
  });

  it('should say why nothing was earned when the commission float could not cover it', async () => {
    await renderWithProviders(<MoneyReceipt title="Cash In receipt" result={cashIn(0, 0.16)} onDone={() => {}} />);
    expect(screen.getByText('You earned')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing: the commission float could not cover your 0.16 Taka commission. The cash-in went through.',
      ),
    ).toBeInTheDocument();
  });
});
