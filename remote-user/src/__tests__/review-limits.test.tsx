import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refusalMessage, type MyLimits } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import {
  apiAnswers,
  confirmWithPin,
  counterpart,
  fail,
  held,
  myLimits,
  myLimitsAnswers,
  quoteHandler,
  renderWithProviders,
  seededQuote,
  server,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import TransferPage from '../pages/transfer-page';
import WithdrawPage from '../pages/withdraw-page';

const { accepted, counterpartsAnswer, signedIn, walletAnswers } = createMoneyApi(user());

/** The review's lines as a person reads them: label, then value. */
const linesOf = (review: HTMLElement) =>
  within(review)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

/** The page's form filled and submitted: the review is open, its quote on its way (held until `quote`, if given). */
async function openReview({
  Page = TransferPage,
  picker = 'Receiver',
  button = 'Transfer',
  amount,
  balance = 25_050,
  limits,
  quote,
}: {
  Page?: ComponentType;
  picker?: string;
  button?: string;
  amount: string;
  balance?: number;
  /** The caller's limits and their use, which the quote counts; none: no row bounds the movement. */
  limits?: MyLimits;
  quote?: Promise<void>;
}) {
  signedIn();
  walletAnswers(balance);
  if (limits) myLimitsAnswers(limits);
  if (quote) server.use(quoteHandler({ hold: quote }));
  counterpartsAnswer([counterpart(1, 'Karim', picker === 'Agent' ? 'AGENT' : 'USER')]);
  await renderWithProviders(<Page />);
  await userEvent.type(screen.getByLabelText(picker), 'kar');
  await userEvent.click(await screen.findByRole('option', { name: /Karim/ }));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: `Review ${button.toLowerCase()}` });
}

/** The review once its quote has come, with the limits' lines or warnings where limits were set up. */
async function review(options: Parameters<typeof openReview>[0]) {
  const dialog = await openReview(options);
  const { Page, amount, balance = 25_050, limits } = options;
  // The balance after the amount and its fee, as the seeded schedule has it (a withdrawal costs 1.85%).
  const { fee } = seededQuote(Page === WithdrawPage ? 'cash-out' : 'transfer', Number(amount));
  await within(dialog).findByText(`${formatTaka(balance - Number(amount) - fee)} Taka`);
  if (limits) await within(dialog).findAllByText(/after this$|^This is (more|less|one)/);
  return dialog;
}

describe('limits in the review', () => {
  it('should say what the day and the month leave after the transfer', async () => {
    const dialog = await review({ amount: '20000', limits: myLimits() });
    expect(linesOf(dialog).slice(-2)).toEqual([
      ['Left today after this', '5,000.00 Taka'],
      ['Left this month after this', '130,000.00 Taka'],
    ]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should warn when the amount is more than the day leaves, and still leave the decision to the server', async () => {
    const limits = myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 20_000, month: 20_000 } } });
    const daily = refusalMessage('DAILY_LIMIT', { movement: 'transfer', limit: 25_000, used: 20_000, left: 5_000 });
    const sent = apiAnswers('post', '/wallet/transfer', [fail(422, daily, undefined, 'DAILY_LIMIT')]);
    const dialog = await review({ amount: '5001', balance: 5_050, limits });
    expect(
      within(dialog).getByText('This is more than your daily limit allows: 5,000.00 Taka left today'),
    ).toBeInTheDocument();
    expect(linesOf(dialog).map(([label]) => label)).not.toContain('Left today after this');
    expect(linesOf(dialog).at(-1)).toEqual(['Left this month after this', '124,999.00 Taka']);
    await confirmWithPin(dialog);
    expect(await screen.findByText('Daily send limit reached: 5,000.00 Taka left today')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('should warn of the monthly limit and the largest amount at a time', async () => {
    const limits = myLimits('EMAIL_VERIFIED', { used: { transfer: { month: 140_000 } } });
    const dialog = await review({ amount: '30000', balance: 40_000, limits });
    expect(
      within(dialog).getByText('This is more than one movement allows: at most 25,000.00 Taka at a time'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This is more than your daily limit allows: 25,000.00 Taka left today'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This is more than your monthly limit allows: 10,000.00 Taka left this month'),
    ).toBeInTheDocument();
  });

  it('should count the movements left where a count limit is set', async () => {
    const limits = myLimits();
    limits.movements[1] = {
      ...limits.movements[1]!,
      dailyCount: { limit: 5, used: 1, left: 4 },
      monthlyCount: { limit: 20, used: 20, left: 0 },
    };
    const dialog = await review({ amount: '100', limits });
    expect(linesOf(dialog).slice(-3)).toEqual([
      ['Left today after this', '24,900.00 Taka'],
      ['Left today after this', '3 movements'],
      ['Left this month after this', '149,900.00 Taka'],
    ]);
    expect(
      within(dialog).getByText('This is one movement more than your monthly limit allows: at most 20 a month'),
    ).toBeInTheDocument();
  });

  it("should use a withdrawal's own limits", async () => {
    const limits = myLimits('EMAIL_VERIFIED', { used: { 'cash-out': { day: 1_000 } } });
    const dialog = await review({ Page: WithdrawPage, picker: 'Agent', button: 'Withdraw', amount: '100', limits });
    expect(linesOf(dialog).slice(-2)).toEqual([
      ['Left today after this', '13,900.00 Taka'],
      ['Left this month after this', '99,900.00 Taka'],
    ]);
  });

  it('should say nothing of limits until the quote has come', async () => {
    const quote = held();
    const dialog = await openReview({ amount: '20000', limits: myLimits(), quote: quote.promise });
    expect(linesOf(dialog)).toEqual([
      ['Receiver', 'Karim'],
      ['Email', 'karim@example.com'],
      ['Amount', '20,000.00 Taka'],
      ['Fee', 'Loading...'],
      ['Balance after', 'Loading...'],
    ]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    quote.release();
    expect(await within(dialog).findByText('5,000.00 Taka')).toBeInTheDocument();
    expect(linesOf(dialog).slice(-2)).toEqual([
      ['Left today after this', '5,000.00 Taka'],
      ['Left this month after this', '130,000.00 Taka'],
    ]);
  });

  it('should say nothing of limits where none bound the movement, and still send', async () => {
    const sent = apiAnswers('post', '/wallet/transfer', [accepted('Transfer successful!', 24_950)]);
    const dialog = await review({ amount: '100' });
    expect(linesOf(dialog).map(([label]) => label)).toEqual(['Receiver', 'Email', 'Amount', 'Fee', 'Balance after']);
    await confirmWithPin(dialog);
    expect(await screen.findByText('Transfer successful!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
