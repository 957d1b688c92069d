import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMyWallet } from '@wallet/shared/data';
import { HttpResponse } from 'msw';
import {
  agent,
  apiAnswers,
  confirmWithPin,
  counterpart,
  fail,
  held,
  myLimits,
  myLimitsAnswers,
  overview,
  overviewAnswer,
  renderWithProviders,
  TEST_PIN,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import CashInPage from '../pages/cash-in-page';

const { accepted, counterpartsAnswer, signedIn, walletAnswers } = createMoneyApi(agent());
const rahim = counterpart(1, 'Rahim');
const people = [rahim, counterpart(2, 'Rahela'), counterpart(3, 'Salma')];

function BalanceProbe() {
  const { data } = useMyWallet();
  return <p>Balance probe: {data?.balance ?? 'none'}</p>;
}

async function renderCashIn() {
  signedIn();
  walletAnswers(1000);
  myLimitsAnswers(myLimits('AGENT'));
  overviewAnswer(overview(1000));
  const queries = counterpartsAnswer(people);
  await renderWithProviders(
    <>
      <BalanceProbe />
      <CashInPage />
    </>,
  );
  expect(await screen.findByText('Balance probe: 1000')).toBeInTheDocument();
  return queries;
}

async function chooseRahim() {
  await userEvent.type(screen.getByLabelText('User'), 'rah');
  await userEvent.click(await screen.findByRole('option', { name: /^Rahim/ }));
}

const amount = () => screen.getByLabelText('Amount');
const cashIn = () => screen.getByRole('button', { name: 'Cash In' });
/** Nothing leaves the wallet before the review is confirmed. */
const confirm = async () => confirmWithPin();

describe('cash-in page', () => {
  it('should search users on the server by what is typed', async () => {
    const queries = await renderCashIn();
    await userEvent.type(screen.getByLabelText('User'), 'sal');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).queryByRole('option', { name: /Rahim/ })).not.toBeInTheDocument());
    expect(within(listbox).getByRole('option', { name: /Salma/ })).toBeInTheDocument();
    expect(queries.some((query) => query.get('search') === 'sal')).toBe(true);
    expect(queries.every((query) => Number(query.get('limit')) <= 10)).toBe(true);
  });

  it('should say "Please select an User" when no user is chosen, and keep Cash In disabled', async () => {
    await renderCashIn();
    await userEvent.click(screen.getByLabelText('User'));
    await userEvent.click(amount());
    expect(await screen.findByText('Please select an User')).toBeInTheDocument();
    await userEvent.type(amount(), '40');
    expect(cashIn()).toBeDisabled();
  });

  it.each(['0', '-1', 'ten'])(
    'should say "Please enter a valid balance" for %s and keep Cash In disabled',
    async (typed) => {
      await renderCashIn();
      await chooseRahim();
      await userEvent.type(amount(), typed);
      await userEvent.tab();
      expect(await screen.findByText('Please enter a valid balance')).toBeInTheDocument();
      expect(cashIn()).toBeDisabled();
    },
  );

  it('should show "CashIn successful!" only after the server accepted it', async () => {
    const answer = held();
    const sent = apiAnswers('post', '/agent/cash-in', [accepted('CashIn successful!', 960)], { hold: answer.promise });
    await renderCashIn();
    await chooseRahim();
    await userEvent.type(amount(), '40');
    await userEvent.click(cashIn());
    await confirm();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.queryByText('CashIn successful!')).not.toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('CashIn successful!')).toBeInTheDocument();
    expect(await screen.findByText('Balance probe: 960')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { userId: rahim._id, balance: 40 },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        expectedFee: '0.00',
      },
    ]);
  });

  it("should show the server's refusal and never a success", async () => {
    apiAnswers('post', '/agent/cash-in', [fail(403, 'Agent is suspended')]);
    await renderCashIn();
    await chooseRahim();
    await userEvent.type(amount(), '40');
    await userEvent.click(cashIn());
    await confirm();
    expect(await screen.findByText('Agent is suspended')).toBeInTheDocument();
    expect(screen.queryByText('CashIn successful!')).not.toBeInTheDocument();
    expect(screen.getByText('Balance probe: 1000')).toBeInTheDocument();
  });

  it('should fall back to "CashIn failed. Please try again." when the server says nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    apiAnswers('post', '/agent/cash-in', [new HttpResponse(null, { status: 500 })]);
    await renderCashIn();
    await chooseRahim();
    await userEvent.type(amount(), '40');
    await userEvent.click(cashIn());
    await confirm();
    expect(await screen.findByText('CashIn failed. Please try again.')).toBeInTheDocument();
  });
});
