import fs from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSessionLoader } from '@wallet/shared/api';
import { userSchema } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import {
  apiAnswers,
  counterpart,
  kycRequest,
  moneyRequest,
  myKycApi,
  myLimits,
  myLimitsAnswers,
  ok,
  overview,
  overviewAnswer,
  renderWithProviders,
  requestsApi,
  TEST_PIN,
  unverifiedUser,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { menu } from '../menu';
import { routes } from '../routes';
import OverviewPage from '../pages/overview-page';
import TransferPage from '../pages/transfer-page';

/** The user area as the host mounts it, with the host's session loader (GET /user/me). */
function UserArea() {
  useSessionLoader();
  return useRoutes(routes);
}

/** The user area under /user, where its links point. */
function UnderUser() {
  return useRoutes([{ path: 'user', children: routes }]);
}

const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`${__dirname}/../locales/${language}/user.json`, 'utf8'));

/** Latin letters on a Bangla screen, names and emails aside. */
const latinIn = (text: string, allowed: string[]) =>
  allowed.reduce((rest, word) => rest.replaceAll(word, ''), text).match(/[A-Za-z]+/g);

describe('the user area in Bangla', () => {
  it('should name the sidebar in Bangla', async () => {
    await act(() => setLanguage('bn'));
    const [wallet] = menu;
    expect(i18n._(wallet!.title)).toBe('ওয়ালেট');
    expect(wallet!.items.map(({ title }) => i18n._(title))).toEqual([
      'সারসংক্ষেপ',
      'জমা',
      'ক্যাশ আউট',
      'সেন্ড মানি',
      'রিকোয়েস্ট মানি',
      'পেমেন্ট',
      'লেনদেনের ইতিহাস',
      'বিশ্লেষণ',
      'সীমা',
      'নিরাপত্তা',
    ]);
  });

  it('should switch the overview to Bangla in place, with the balance in Bangla digits', async () => {
    createMoneyApi(user()).signedIn();
    overviewAnswer(overview(123_456.5));
    await renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('123,456.50')).toBeInTheDocument();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'সারসংক্ষেপ' })).toBeInTheDocument();
    expect(screen.getByText('১,২৩,৪৫৬.৫০')).toBeInTheDocument();
    const transfer = screen.getByRole('link', { name: /^সেন্ড মানি/ });
    expect(transfer).toHaveAttribute('href', '/user/transfer');
    expect(within(transfer).getByText('অন্য একজন ব্যবহারকারীকে টাকা পাঠান।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^ক্যাশ আউট/ })).toHaveAttribute('href', '/user/withdraw');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('123,456.50')).toBeInTheDocument();
  });

  it('should give the money form its Bangla title, description and receiver', async () => {
    await act(() => setLanguage('bn'));
    const { signedIn, walletAnswers } = createMoneyApi(user());
    signedIn();
    walletAnswers(500);
    myLimitsAnswers(myLimits());
    await renderWithProviders(<TransferPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'সেন্ড মানি' })).toBeInTheDocument();
    expect(screen.getByText('অন্য একজন ব্যবহারকারীর ওয়ালেটে টাকা পাঠান।')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('প্রাপক'));
    await userEvent.tab();
    expect(await screen.findByText('অনুগ্রহ করে প্রাপক বেছে নিন')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'টাকা পাঠান' })).toBeDisabled();
  });

  it('should show the identity review in Bangla, its date in Bangla digits', async () => {
    await act(() => setLanguage('bn'));
    const me = user();
    apiAnswers('get', '/user/me', [ok(userSchema, me, { message: 'User retrieved' })]);
    myLimitsAnswers(myLimits(me.tier));
    const latest = kycRequest();
    myKycApi({ me, latest });
    await renderWithProviders(<UserArea />, { route: '/limits' });
    expect(await screen.findByRole('heading', { level: 1, name: 'লেনদেনের সীমা' })).toBeInTheDocument();
    const review = await screen.findByRole('region', { name: 'পরিচয় যাচাই' });
    expect(within(review).getByText('ইমেইল যাচাই করা হয়েছে').tagName).toBe('STRONG');
    const waiting = await within(review).findByText(/অ্যাডমিনের অপেক্ষায়/);
    const asked = formatDateTime(latest.requestedAt);
    expect(asked).toMatch(/২০২৫/);
    expect(waiting).toHaveTextContent(`অনুরোধের সময়: ${asked}।`);
  });

  it('should show the verification banner in Bangla', async () => {
    await act(() => setLanguage('bn'));
    const me = unverifiedUser();
    apiAnswers('get', '/user/me', [ok(userSchema, me, { message: 'User retrieved' })]);
    overviewAnswer(overview(50));
    createMoneyApi(me).walletAnswers(50);
    await renderWithProviders(<UserArea />, { route: '/overview' });
    const banner = await screen.findByRole('status', { name: 'ইমেইল যাচাই' });
    expect(banner).toHaveTextContent(`${me.email} ঠিকানায় পাঠানো লিংকটি খুলুন।`);
    expect(within(banner).getByRole('button', { name: 'আবার লিংক পাঠান' })).toBeInTheDocument();
  });

  it('should ask for money in Bangla: the rules in Bangla digits, the lists, and a refusal in Bangla', async () => {
    await act(() => setLanguage('bn'));
    const me = user();
    const { counterpartsAnswer, signedIn } = createMoneyApi(me);
    signedIn();
    counterpartsAnswer([counterpart(1, 'Karim')]);
    requestsApi(me, { incoming: [moneyRequest(5, { note: 'Dinner' })] });
    await renderWithProviders(<UnderUser />, { route: '/user/request-money' });
    expect(await screen.findByRole('heading', { level: 1, name: 'রিকোয়েস্ট মানি' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'টাকা চান' });
    expect(await within(form).findByText('১০০.০০৳ থেকে ২,৫০০.০০৳ পর্যন্ত')).toBeInTheDocument();
    const incoming = await screen.findByRole('table', { name: 'আপনার কাছে চাওয়া' });
    const row = (await within(incoming).findByText('Karim')).closest('tr')!;
    expect(within(row).getByText('৫০০.০০')).toBeInTheDocument();
    expect(within(row).getByText('খোলা')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'পরিশোধ করুন: Karim-কে ৫০০.০০৳' })).toBeInTheDocument();
    // Names, notes and the person's own words stay as written; every other word is Bangla.
    const page = document.body.textContent!.replace(screen.getByTestId('location').textContent!, '');
    expect(latinIn(page, ['Karim', 'Dinner'])).toBeNull();

    await userEvent.click(within(form).getByLabelText('ইমেইল লিখুন'));
    await userEvent.type(within(form).getByLabelText('তাঁর ইমেইল'), me.email);
    await userEvent.type(within(form).getByLabelText('পরিমাণ'), '৫০');
    await userEvent.click(within(form).getByRole('button', { name: 'অনুরোধ পাঠান' }));
    expect(await within(form).findByText('অনুরোধ ১০০.০০৳ থেকে ২,৫০০.০০৳ পর্যন্ত করা যায়')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('পরিমাণ'));
    await userEvent.type(within(form).getByLabelText('পরিমাণ'), '১০০');
    await userEvent.click(within(form).getByRole('button', { name: 'অনুরোধ পাঠান' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('নিজের কাছে টাকা চাওয়া যায় না');
  });

  it('should pay a request in Bangla, its requester and amount fixed', async () => {
    await act(() => setLanguage('bn'));
    const me = user();
    const { signedIn, walletAnswers } = createMoneyApi(me);
    signedIn();
    walletAnswers(800);
    myLimitsAnswers(myLimits());
    const request = moneyRequest(5);
    const api = requestsApi(me, { incoming: [request] });
    await renderWithProviders(<UnderUser />, { route: `/user/transfer?request=${request._id}` });
    const form = await screen.findByRole('form', { name: 'সেন্ড মানি' });
    expect(within(form).getByText(/আপনি Karim-এর অনুরোধ পরিশোধ করছেন।/)).toBeInTheDocument();
    expect(within(form).getByText('৫০০.০০৳')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'টাকা পাঠান' }));
    const review = await screen.findByRole('dialog', { name: 'সেন্ড মানি: যাচাই করে নিন' });
    expect(within(review).getByText('প্রাপক', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Karim');
    await userEvent.type(within(review).getByLabelText('পিন'), '২৪৬৮০');
    await userEvent.click(await within(review).findByRole('button', { name: 'নিশ্চিত করুন' }));
    expect(await screen.findByText('সেন্ড মানি সফল হয়েছে!')).toBeInTheDocument();
    expect(api.transfers.map(({ body, pin }) => ({ body, pin }))).toEqual([
      { body: { receiverId: request.requester._id, balance: 500, requestId: request._id }, pin: TEST_PIN },
    ]);
  });
});

describe('the user catalog', () => {
  it('should write Bangla without Latin letters', () => {
    const latin = Object.entries(readCatalog('bn'))
      // Placeholders and the plural's syntax are no words on screen.
      .map(([id, message]) => [id, message.replace(/\{\w+(, plural,)?|\b(one|other) \{/g, '').match(/[A-Za-z]+/g)])
      .filter(([, words]) => words !== null);
    expect(latin).toEqual([]);
  });
});
