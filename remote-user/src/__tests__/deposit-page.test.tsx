import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMyWallet } from '@wallet/shared/data';
import { HttpResponse } from 'msw';
import { apiAnswers, fail, held, renderWithProviders, user } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import DepositPage from '../pages/deposit-page';

const { accepted, signedIn, walletAnswers } = createMoneyApi(user());
/** A proxy in front of the API failing with no body: nothing the API wrote for people. */
const badGateway = () => new HttpResponse(null, { status: 502 });

/** What the host's header shows, read through the same cache the form updates. */
function BalanceProbe() {
  const { data } = useMyWallet();
  return <p>Balance probe: {data?.balance ?? 'none'}</p>;
}

async function renderDeposit() {
  signedIn();
  walletAnswers(50);
  await renderWithProviders(
    <>
      <BalanceProbe />
      <DepositPage />
    </>,
    { route: '/user/deposit' },
  );
  expect(await screen.findByText('Balance probe: 50')).toBeInTheDocument();
}

const amount = () => screen.getByLabelText('Amount');
const depositButton = () => screen.getByRole('button', { name: 'Deposit' });

describe('deposit page', () => {
  it('should keep Deposit disabled until the amount is a number above 0', async () => {
    await renderDeposit();
    expect(depositButton()).toBeDisabled();
    await userEvent.type(amount(), '0');
    expect(depositButton()).toBeDisabled();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '25.5');
    expect(depositButton()).toBeEnabled();
  });

  it.each(['0', '-5', 'abc'])('should say "Please enter a valid amount" for %s', async (typed) => {
    await renderDeposit();
    await userEvent.type(amount(), typed);
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
  });

  it('should refuse more than 2 decimals before asking the server', async () => {
    const sent = apiAnswers('post', '/wallet/deposit', [accepted('Deposit successful!', 62.35)]);
    await renderDeposit();
    await userEvent.type(amount(), '12.345');
    await userEvent.click(depositButton());
    expect(await screen.findByText('Amount must have at most 2 decimal places')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('should show "Processing..." on a disabled button, then "Deposit successful!" and the new balance', async () => {
    const answer = held();
    const sent = apiAnswers('post', '/wallet/deposit', [accepted('Deposit successful!', 550)], {
      hold: answer.promise,
    });
    await renderDeposit();
    await userEvent.type(amount(), '500');
    await userEvent.click(depositButton());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.queryByText('Deposit successful!')).not.toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('Deposit successful!')).toBeInTheDocument();
    expect(await screen.findByText('Balance probe: 550')).toBeInTheDocument();
    expect(amount()).toHaveValue('');
    expect(sent).toEqual([{ body: { balance: 500 }, idempotencyKey: expect.stringMatching(/^[\x21-\x7e]{1,255}$/) }]);
  });

  it("should show the server's message when it refuses, and no success", async () => {
    apiAnswers('post', '/wallet/deposit', [fail(403, 'Wallet is blocked')]);
    await renderDeposit();
    await userEvent.type(amount(), '500');
    await userEvent.click(depositButton());
    expect(await screen.findByText('Wallet is blocked')).toBeInTheDocument();
    expect(screen.queryByText('Deposit successful!')).not.toBeInTheDocument();
    expect(screen.getByText('Balance probe: 50')).toBeInTheDocument();
  });

  it('should fall back to "Deposit failed. Please try again." when the server says nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    apiAnswers('post', '/wallet/deposit', [badGateway()]);
    await renderDeposit();
    await userEvent.type(amount(), '500');
    await userEvent.click(depositButton());
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
  });

  it('should retry a failed submission with the same Idempotency-Key and use a new one for the next deposit', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = apiAnswers('post', '/wallet/deposit', [
      badGateway(),
      accepted('Deposit successful!', 550),
      accepted('Deposit successful!', 600),
    ]);
    await renderDeposit();
    await userEvent.type(amount(), '500');
    await userEvent.click(depositButton());
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
    await userEvent.click(depositButton());
    expect(await screen.findByText('Deposit successful!')).toBeInTheDocument();
    await userEvent.type(amount(), '50');
    await userEvent.click(depositButton());
    expect(await screen.findByText('Balance probe: 600')).toBeInTheDocument();
    expect(sent).toHaveLength(3);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  it('should send one request for a double click', async () => {
    const answer = held();
    const sent = apiAnswers('post', '/wallet/deposit', [accepted('Deposit successful!', 550)], {
      hold: answer.promise,
    });
    await renderDeposit();
    await userEvent.type(amount(), '500');
    await userEvent.dblClick(depositButton());
    await act(async () => answer.release());
    expect(await screen.findByText('Deposit successful!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
