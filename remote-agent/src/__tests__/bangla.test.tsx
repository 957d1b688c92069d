import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import {
  agent,
  myLimits,
  myLimitsAnswers,
  overview,
  overviewAnswer,
  renderWithProviders,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { menu } from '../menu';
import CashInPage from '../pages/cash-in-page';

const { signedIn, walletAnswers } = createMoneyApi(agent());

async function renderCashIn() {
  signedIn();
  walletAnswers(98_765.25);
  myLimitsAnswers(myLimits('AGENT'));
  overviewAnswer(overview(98_765.25));
  await renderWithProviders(<CashInPage />);
}

describe('the agent area in Bangla', () => {
  it('should name the sidebar in Bangla', async () => {
    await act(() => setLanguage('bn'));
    const [group] = menu;
    expect(i18n._(group!.title)).toBe('এজেন্ট');
    expect(group!.items.map(({ title }) => i18n._(title))).toEqual([
      'ক্যাশ ইন',
      'লেনদেনের ইতিহাস',
      'বিশ্লেষণ',
      'সীমা',
      'নিরাপত্তা',
    ]);
  });

  it('should switch the cash-in page to Bangla in place, with the balance in Bangla digits', async () => {
    await renderCashIn();
    expect(await screen.findByText('98,765.25')).toBeInTheDocument();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'ক্যাশ ইন' })).toBeInTheDocument();
    expect(screen.getByText('৯৮,৭৬৫.২৫')).toBeInTheDocument();
    expect(screen.getByText(/আগে নগদ টাকা নিন/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ক্যাশ ইন করুন' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('গ্রাহক'));
    await userEvent.tab();
    expect(await screen.findByText('অনুগ্রহ করে একজন গ্রাহক বেছে নিন')).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Cash In' })).toBeDisabled();
    expect(screen.getByText('98,765.25')).toBeInTheDocument();
  });
});
