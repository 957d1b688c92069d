import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVEMENTS, QUOTE_PATH, type TransferInput } from '@wallet/shared/contracts';
import { isQuoteKey, useMoneyMovement, useQuote } from '@wallet/shared/data';
import { apiAnswers, held, quoteHandler, renderWithProviders, server, user } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';

const { accepted, signedIn, walletAnswers } = createMoneyApi(user());
const body: TransferInput = { receiverId: '00000000-0000-4000-8000-000000000001', balance: 100 };

function BalanceAfter() {
  const { data } = useQuote('transfer', 100);
  return <p>Balance after: {data ? data.balanceAfter : 'Loading...'}</p>;
}

/** A review of 100 Taka that opens and closes, beside a button that sends them. */
function ReviewProbe() {
  const [open, setOpen] = useState(true);
  const { submit } = useMoneyMovement<TransferInput>(MOVEMENTS.transfer);
  return (
    <>
      {open && <BalanceAfter />}
      <button onClick={() => setOpen(!open)}>Review</button>
      <button onClick={() => void submit(body)}>Send</button>
    </>
  );
}

describe('useQuote', () => {
  it('should read quotes from the path the contract names', () => {
    expect(isQuoteKey(`${QUOTE_PATH}?type=transfer&amount=100`)).toBe(true);
    expect(isQuoteKey(`${QUOTE_PATH}s`)).toBe(false);
  });

  it('should never show a balance after from before a movement the server accepted', async () => {
    signedIn();
    walletAnswers(500);
    apiAnswers('post', MOVEMENTS.transfer.path, [accepted('Transfer successful!', 400)]);
    await renderWithProviders(<ReviewProbe />);
    expect(await screen.findByText('Balance after: 400')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Transfer successful!')).toBeInTheDocument();
    walletAnswers(400);
    const quote = held();
    server.use(quoteHandler({ hold: quote.promise }));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Balance after: Loading...')).toBeInTheDocument();
    quote.release();
    expect(await screen.findByText('Balance after: 300')).toBeInTheDocument();
  });
});
