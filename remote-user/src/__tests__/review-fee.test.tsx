import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { moneyMovementResultSchema, quoteSchema } from '@wallet/shared/contracts';
import {
  apiAnswers,
  confirmWithPin,
  counterpart,
  fail,
  fixtureId,
  held,
  myLimits,
  myLimitsAnswers,
  ok,
  party,
  renderWithProviders,
  seededQuote,
  server,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import WithdrawPage from '../pages/withdraw-page';

const { ME, counterpartsAnswer, signedIn, transaction, walletAnswers } = createMoneyApi(user());
const agent = counterpart(3, 'Shop Agent', 'AGENT');
const FEE_CHANGED = 'The fee has changed since you reviewed this: it is now 20.00 Taka. Please review it again';

/** The cash-out form for 1,000 Taka to the agent, reviewed, from a wallet of 2,000. */
async function reviewCashOut() {
  signedIn();
  walletAnswers(2000);
  myLimitsAnswers(myLimits());
  counterpartsAnswer([agent]);
  await renderWithProviders(<WithdrawPage />);
  await userEvent.type(screen.getByLabelText('Agent'), 'sho');
  await userEvent.click(await screen.findByRole('option', { name: /Shop Agent/ }));
  await userEvent.type(screen.getByLabelText('Amount'), '1000');
  await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  return screen.findByRole('dialog', { name: 'Review withdraw' });
}

/** The value of a review or receipt line: the <dd> after the <dt> that says `label`. */
const line = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('dt')].find((term) => term.textContent === label)?.nextElementSibling ?? null;

/** The server's 201 for a cash-out of 1,000 with its fee, leaving 981.50. */
const cashedOut = (fee: number) =>
  ok(
    moneyMovementResultSchema,
    {
      transaction: transaction(1000, {
        _id: fixtureId(78),
        type: 'cash-out',
        fee,
        commission: 4.07,
        sender: party(ME),
        receiver: party(agent),
      }),
      wallet: {
        _id: fixtureId(900),
        userId: ME._id,
        balance: 2000 - 1000 - fee,
        available: 2000 - 1000 - fee,
        held: 0,
        isBlocked: false,
      },
    },
    { status: 201, message: 'Withdraw successful!' },
  );

describe('the fee in the review', () => {
  it('should show the fee, the total and the balance after before Confirm, and send the fee shown', async () => {
    const sent = apiAnswers('post', '/agent/cash-out', [cashedOut(18.5)]);
    const review = await reviewCashOut();
    expect(await within(review).findByText('18.50 Taka')).toBeInTheDocument();
    expect(line(review, 'Fee')).toHaveTextContent('18.50 Taka');
    expect(line(review, 'Total')).toHaveTextContent('1,018.50 Taka');
    expect(line(review, 'Balance after')).toHaveTextContent('981.50 Taka');
    // The agent's commission is the agent's business.
    expect(within(review).queryByText('You earn')).not.toBeInTheDocument();
    await confirmWithPin(review);
    expect(await screen.findByText('Withdraw successful!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { agentId: agent._id, balance: 1000 },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        expectedFee: '18.50',
      },
    ]);
    // The receipt says what was paid, not what the agent earned.
    const receipt = screen.getByRole('heading', { name: 'Withdraw receipt' }).parentElement!;
    expect(line(receipt, 'Fee')).toHaveTextContent('18.50 Taka');
    expect(within(receipt).queryByText('You earned')).not.toBeInTheDocument();
  });

  it('should keep Confirm disabled until the fee is known, and say so when it cannot be had', async () => {
    const quote = held();
    server.use(
      http.get('*/api/v1/wallet/quote', async () => {
        await quote.promise;
        return fail(503, 'Service temporarily unavailable. Please try again.');
      }),
    );
    const review = await reviewCashOut();
    expect(line(review, 'Fee')).toHaveTextContent('Loading...');
    expect(within(review).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    quote.release();
    expect(await within(review).findByText('The fee could not be loaded. Please try again.')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('should warn in the review when the balance covers it but part of it is held', async () => {
    // 2,000 in the wallet, of which the API says 1,500 is held: 981.50 would stay, 518.50 short of free money.
    server.use(
      http.get('*/api/v1/wallet/quote', () =>
        ok(quoteSchema, { ...seededQuote('cash-out', 1000, 2000), availableAfter: -518.5 }),
      ),
    );
    const review = await reviewCashOut();
    expect(
      await within(review).findByText(
        'Part of your balance is held (your welcome bonus, until we have checked your identity): this is more than can leave your wallet now.',
      ),
    ).toBeInTheDocument();
    expect(within(review).queryByText('This is more than your balance.')).not.toBeInTheDocument();
  });

  it('should say in the review that the fee changed, show the new one, and send it with the next Confirm', async () => {
    let schedule = 18.5;
    server.use(
      http.get('*/api/v1/wallet/quote', () =>
        ok(quoteSchema, { ...seededQuote('cash-out', 1000, 2000), fee: schedule, total: 1000 + schedule }),
      ),
    );
    const sent = apiAnswers('post', '/agent/cash-out', [
      fail(409, FEE_CHANGED, undefined, 'FEE_CHANGED'),
      cashedOut(20),
    ]);
    const review = await reviewCashOut();
    expect(await within(review).findByText('18.50 Taka')).toBeInTheDocument();
    schedule = 20;
    await confirmWithPin(review);
    expect(await within(review).findByRole('alert')).toHaveTextContent(FEE_CHANGED);
    await waitFor(() => expect(line(review, 'Fee')).toHaveTextContent('20.00 Taka'));
    expect(screen.queryByText('Withdraw successful!')).not.toBeInTheDocument();
    await confirmWithPin(review);
    expect(await screen.findByText('Withdraw successful!')).toBeInTheDocument();
    expect(sent.map((request) => request.expectedFee)).toEqual(['18.50', '20.00']);
    // One submission: the same key, so a lost answer cannot move the money twice.
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });
});
