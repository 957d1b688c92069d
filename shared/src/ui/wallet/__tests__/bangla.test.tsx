import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DISPUTE_TEXTS,
  MOVEMENTS,
  moneyMovementResultSchema,
  PIN_ERRORS,
  PIN_TEXTS,
  SEARCH_HINT,
  TRANSACTION_TYPES,
} from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import { useSession } from '@wallet/shared/session';
import {
  apiAnswers,
  counterpart,
  fixtureId,
  MAILED_PIN_CODE,
  myLimits,
  myLimitsAnswers,
  ok,
  overview,
  overviewAnswer,
  party,
  pinApi,
  renderWithProviders,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { PinSettings } from '@wallet/shared/ui/wallet/pin-settings';
import { TRANSACTION_TYPE_LABELS, TRANSACTION_TYPE_MESSAGES } from '@wallet/shared/ui/wallet/transaction-types';
import { WalletOverview } from '@wallet/shared/ui/wallet/wallet-overview';

const { ME, counterpartsAnswer, signedIn, transaction, walletAnswers } = createMoneyApi(user());
const karim = counterpart(1, 'Karim');

/** A Bangla screen's Latin letters, names and emails aside. */
const latinIn = (text: string, allowed: string[] = []) =>
  allowed.reduce((rest, word) => rest.replaceAll(word, ''), text).match(/[A-Za-z]+/g);

describe('the wallet screens in Bangla', () => {
  it('should say in English what the contracts say, word for word', () => {
    for (const type of ['deposit', 'transfer', 'cash-out', 'cash-in'] as const) {
      expect(i18n._(`wallet.movement.${type}.success`)).toBe(MOVEMENTS[type].success);
      expect(i18n._(`wallet.movement.${type}.failure`)).toBe(MOVEMENTS[type].failure);
    }
    for (const type of TRANSACTION_TYPES)
      expect(i18n._(TRANSACTION_TYPE_MESSAGES[type])).toBe(TRANSACTION_TYPE_LABELS[type]);
    expect(i18n._('wallet.pin.never')).toBe(PIN_TEXTS.never);
    expect(i18n._('wallet.pin.saved')).toBe(PIN_TEXTS.set);
    expect(i18n._('wallet.pin.passwordNeeded')).toBe(PIN_ERRORS.PASSWORD_NEEDED.message);
    expect(i18n._('wallet.pin.codeSent')).toBe(PIN_TEXTS.codeSent);
    expect(i18n._('wallet.pin.resetDone')).toBe(PIN_TEXTS.reset);
    expect(i18n._('wallet.search.hint')).toBe(SEARCH_HINT);
    expect(i18n._('wallet.report.sent')).toBe(DISPUTE_TEXTS.reported);
  });

  it('should show the limits in Bangla, with Bangla digits and lakh groups', async () => {
    myLimitsAnswers(myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 20_000 } } }));
    await act(() => setLanguage('bn'));
    await renderWithProviders(<LimitsView />);
    await screen.findAllByRole('heading', { level: 2 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'টাকা যোগ',
      'সেন্ড মানি',
      'ক্যাশ আউট',
      'ক্যাশ ইন (গ্রহণ)',
      'পেমেন্ট',
      'ব্যালেন্স',
    ]);
    const send = screen.getByRole('region', { name: 'সেন্ড মানি' });
    expect(within(send).getByText('সর্বোচ্চ ২৫,০০০.০০৳')).toBeInTheDocument();
    expect(within(send).getByText('ব্যবহৃত ২০,০০০.০০৳ · বাকি ৫,০০০.০০৳')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'সেন্ড মানি, আজ: ২৫,০০০.০০৳ এর মধ্যে ২০,০০০.০০৳ ব্যবহৃত' }),
    ).toBeInTheDocument();
    // 150,000 in lakh groups.
    expect(within(send).getByText('ব্যবহৃত ০.০০৳ · বাকি ১,৫০,০০০.০০৳')).toBeInTheDocument();
    expect(latinIn(document.body.textContent!)).toBeNull();
  });

  it('should take an amount and a PIN typed in Bangla digits, review it in Bangla and toast in Bangla', async () => {
    const sent = apiAnswers('post', MOVEMENTS.transfer.path, [
      ok(
        moneyMovementResultSchema,
        {
          transaction: transaction(120, { _id: fixtureId(77), sender: party(ME), receiver: party(karim) }),
          wallet: { _id: fixtureId(900), userId: ME._id, balance: 380, available: 380, held: 0, isBlocked: false },
        },
        { status: 201, message: MOVEMENTS.transfer.success },
      ),
    ]);
    signedIn();
    walletAnswers(500);
    myLimitsAnswers(myLimits());
    counterpartsAnswer([karim]);
    await act(() => setLanguage('bn'));
    await renderWithProviders(
      <MoneyForm
        title="সেন্ড মানি"
        submitLabel="পাঠান"
        amountMessage="সঠিক পরিমাণ লিখুন"
        counterpart={{ label: 'প্রাপক', message: 'প্রাপক বেছে নিন', purpose: 'transfer' }}
        movement={MOVEMENTS.transfer}
        toBody={({ counterpart: chosen, balance }) => ({ receiverId: chosen._id, balance })}
      />,
    );
    expect(screen.getByText('টাকায় লিখুন, দশমিকের পর সর্বোচ্চ ২ ঘর')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('প্রাপক'), 'kar');
    await userEvent.click(await screen.findByRole('option', { name: /Karim/ }));
    await userEvent.type(screen.getByLabelText('পরিমাণ'), '১২০');
    await userEvent.click(screen.getByRole('button', { name: 'পাঠান' }));

    const review = await screen.findByRole('dialog', { name: 'সেন্ড মানি: যাচাই করে নিন' });
    expect(within(review).getByText('১২০.০০৳')).toBeInTheDocument();
    expect(await within(review).findByText('৩৮০.০০৳')).toBeInTheDocument();
    expect(within(review).getByText('কোনো ফি নেই')).toBeInTheDocument();
    expect(latinIn(review.textContent!, ['Karim', 'karim@example.com'])).toBeNull();
    await userEvent.type(within(review).getByLabelText('পিন'), '২৪৬৮০');
    await userEvent.click(within(review).getByRole('button', { name: 'নিশ্চিত করুন' }));

    expect(await screen.findByText('সেন্ড মানি সফল হয়েছে!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'সেন্ড মানি রসিদ' })).toBeInTheDocument();
    expect(screen.getByText('বর্তমান ব্যালেন্স')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { receiverId: karim._id, balance: 120 },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        expectedFee: '0.00',
      },
    ]);
    // A whole review with its typing: the preset's 20 s (shared's jest projects drop its testTimeout).
  }, 20_000);

  it('should reset a forgotten PIN in Bangla: its code and PIN typed in Bangla digits, its toasts and hold in Bangla', async () => {
    const me = user();
    useSession.setState({ user: me, status: 'signed-in' });
    const api = pinApi(me);
    await act(() => setLanguage('bn'));
    await renderWithProviders(<PinSettings />);
    const section = screen.getByRole('region', { name: 'ওয়ালেট পিন' });
    expect(within(section).getByText(/রিসেটের পর ২৪ ঘণ্টা আপনার ওয়ালেট থেকে টাকা পাঠানো যাবে না/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'আমাকে ইমেইলে কোড পাঠান' }));
    expect(await screen.findByText('পিন রিসেট করার কোড আমরা আপনাকে ইমেইলে পাঠিয়েছি')).toBeInTheDocument();
    const form = await within(section).findByRole('form', { name: 'আপনার পিন রিসেট করুন' });
    expect(within(form).getByText(/কোডটি একবারই, ১৫ মিনিটের জন্য কাজ করবে/)).toBeInTheDocument();
    expect(latinIn(section.textContent!)).toBeNull();
    await userEvent.type(within(form).getByLabelText('রিসেট কোড'), '৪৮২৯১৩');
    await userEvent.type(within(form).getByLabelText('নতুন পিন'), '১৩৫৭৯');
    await userEvent.type(within(form).getByLabelText('আপনার পাসওয়ার্ড'), 'Secret123!');
    await userEvent.click(within(form).getByRole('button', { name: 'পিন রিসেট করুন' }));
    expect(
      await screen.findByText('আপনার পিন রিসেট হয়েছে। ২৪ ঘণ্টা পরে আবার আপনার ওয়ালেট থেকে টাকা পাঠানো যাবে'),
    ).toBeInTheDocument();
    expect(api.sent.at(-1)).toEqual({
      method: 'PUT',
      body: { pin: '13579', code: MAILED_PIN_CODE, password: 'Secret123!' },
    });
    const until = formatDateTime(useSession.getState().user!.pinResetHoldUntil!);
    expect(within(section).getByRole('alert')).toHaveTextContent(
      `আপনার পিন রিসেট করা হয়েছে। ${until} থেকে আবার আপনার ওয়ালেট থেকে টাকা পাঠানো যাবে।`,
    );
  });

  it("should show the overview's figures and latest movements in Bangla", async () => {
    signedIn();
    overviewAnswer(
      overview(123_456.5, {
        month: { month: '2025-03', moneyIn: 500, moneyOut: 120 },
        latest: [transaction(120, { type: 'transfer', fee: 5 })],
      }),
    );
    await act(() => setLanguage('bn'));
    await renderWithProviders(<WalletOverview historyPath="/user/history" />);
    const wallet = await screen.findByRole('region', { name: 'আপনার ওয়ালেট' });
    expect(within(wallet).getByText('ব্যালেন্স (৳)')).toBeInTheDocument();
    expect(within(wallet).getByText('১,২৩,৪৫৬.৫০')).toBeInTheDocument();
    expect(within(wallet).getByText('টাকা এসেছে, মার্চ ২০২৫')).toBeInTheDocument();
    expect(within(wallet).getByText('Karim-কে সেন্ড মানি')).toBeInTheDocument();
    expect(within(wallet).getByText('-১২০.০০')).toBeInTheDocument();
    expect(within(wallet).getByText('ফি ৫.০০')).toBeInTheDocument();
  });
});
