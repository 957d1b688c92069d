import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUEST_TEXTS } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { i18n } from '@wallet/shared/i18n';
import { useRoutes } from '@wallet/shared/router';
import {
  apiAnswers,
  counterpart,
  fail,
  moneyRequest,
  renderWithProviders,
  requestsApi,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { menu } from '../menu';
import { routes } from '../routes';

const ME = user();
const { counterpartsAnswer, signedIn } = createMoneyApi(ME);
const karim = counterpart(1, 'Karim');
const people = [karim, counterpart(2, 'Kamal'), counterpart(3, 'Salma')];

function UserArea() {
  return useRoutes([{ path: 'user', children: routes }]);
}

async function openPage(options: Parameters<typeof requestsApi>[1] = {}) {
  signedIn();
  counterpartsAnswer(people);
  const api = requestsApi(ME, { people, ...options });
  await renderWithProviders(<UserArea />, { route: '/user/request-money' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Request money' })).toBeInTheDocument();
  return api;
}

const form = () => screen.getByRole('form', { name: 'Ask for money' });
const send = () => within(form()).getByRole('button', { name: 'Send request' });
const table = (name: 'Asked of you' | 'Sent by you') => screen.findByRole('table', { name });
const rowOf = async (name: 'Asked of you' | 'Sent by you', text: string) =>
  (await within(await table(name)).findByText(text)).closest('tr')!;

async function choose(name: string) {
  await userEvent.type(within(form()).getByLabelText('Person'), name.slice(0, 3).toLowerCase());
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('request money: asking', () => {
  it('should be in the menu, after Transfer', () => {
    const items = menu.flatMap((group) => group.items).map(({ title, url }) => [i18n._(title), url]);
    const transfer = items.findIndex(([, url]) => url === '/user/transfer');
    expect(items[transfer + 1]).toEqual(['Request money', '/user/request-money']);
  });

  it("should give the rules' smallest and largest request as the amount's hint", async () => {
    await openPage({ rules: { minAmount: 50, maxAmount: 1000, perDay: 5, expiryDays: 3 } });
    expect(await within(form()).findByText('From 50.00 to 1,000.00 Taka')).toBeInTheDocument();
  });

  it('should ask who to ask, and keep Send request disabled until someone and an amount are given', async () => {
    const api = await openPage();
    await userEvent.click(within(form()).getByLabelText('Person'));
    await userEvent.click(within(form()).getByLabelText('Amount'));
    expect(await within(form()).findByText('Please choose who to ask')).toBeInTheDocument();
    await userEvent.type(within(form()).getByLabelText('Amount'), '500');
    expect(send()).toBeDisabled();
    expect(api.asked).toEqual([]);
  });

  it('should refuse an amount outside the rules, and a note with a link, before sending', async () => {
    const api = await openPage();
    await choose('Karim');
    await userEvent.type(within(form()).getByLabelText('Amount'), '50');
    await userEvent.type(within(form()).getByLabelText('Note'), 'see www.example.com');
    await userEvent.click(send());
    expect(await within(form()).findByText('A request can be for 100.00 to 2,500.00 Taka')).toBeInTheDocument();
    expect(within(form()).getByText('Note must not contain a web address or an email')).toBeInTheDocument();
    expect(api.asked).toEqual([]);
  });

  it('should ask the person chosen, then say that a request never takes money, and list it as sent', async () => {
    const api = await openPage();
    await choose('Karim');
    await userEvent.type(within(form()).getByLabelText('Amount'), '500');
    await userEvent.type(within(form()).getByLabelText('Note'), 'Dinner on Friday');
    await userEvent.click(send());
    const sent = await screen.findByRole('status', { name: 'Request sent' });
    expect(sent).toHaveTextContent('Request sent');
    expect(sent).toHaveTextContent('You asked Karim for 500.00 Taka.');
    expect(sent).toHaveTextContent(
      'A request never takes money by itself: it is paid only if they choose to pay it, from their own wallet, with their PIN. It stays open for 7 days.',
    );
    expect(sent).toHaveFocus();
    expect(api.asked).toEqual([{ payerId: karim._id, amount: 500, note: 'Dinner on Friday' }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Sent by you' }));
    const row = await rowOf('Sent by you', 'Karim');
    expect(within(row).getByText('500.00')).toBeInTheDocument();
    expect(within(row).getByText('Dinner on Friday')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ask for money again' }));
    expect(within(form()).getByLabelText('Amount')).toHaveValue('');
  });

  it('should ask by email, telling no one whether the address has a wallet', async () => {
    const api = await openPage();
    await userEvent.click(within(form()).getByLabelText('Type their email'));
    await userEvent.type(within(form()).getByLabelText('Their email'), 'not-an-email');
    await userEvent.tab();
    expect(await within(form()).findByText('Invalid email address')).toBeInTheDocument();
    await userEvent.clear(within(form()).getByLabelText('Their email'));
    await userEvent.type(within(form()).getByLabelText('Their email'), 'Friend@Example.com');
    await userEvent.type(within(form()).getByLabelText('Amount'), '১২০');
    await userEvent.click(send());
    expect(await screen.findByRole('status', { name: 'Request sent' })).toHaveTextContent(
      'You asked friend@example.com for 120.00 Taka. If this email belongs to a verified wallet here, its owner will see your request.',
    );
    expect(api.asked).toEqual([{ payerEmail: 'friend@example.com', amount: 120 }]);
  });

  it("should show the API's refusal in the form, and keep what was typed", async () => {
    await openPage();
    apiAnswers('post', '/requests', [
      fail(429, 'You can send 10 requests a day: try again tomorrow', undefined, 'REQUEST_DAILY_LIMIT'),
    ]);
    await choose('Karim');
    await userEvent.type(within(form()).getByLabelText('Amount'), '100');
    await userEvent.click(send());
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'You can send 10 requests a day: try again tomorrow',
    );
    expect(within(form()).getByLabelText('Amount')).toHaveValue('100');
  });
});

describe('request money: the lists', () => {
  const dinner = moneyRequest(5, { note: 'Dinner on Friday' });
  const paid = moneyRequest(3, { status: 'paid', requester: { _id: people[1]!._id, name: 'Kamal' } });
  const mine = moneyRequest(4, {
    requester: { _id: ME._id, name: ME.name },
    payer: { _id: null, name: 'salma@example.com' },
  });

  it('should list what was asked of me, newest first, with Pay and Decline on the open ones only', async () => {
    await openPage({ incoming: [dinner, paid] });
    const rows = within(await table('Asked of you'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Karim', 'Kamal']);
    const open = rows[0]!;
    expect(within(open).getByText('500.00')).toBeInTheDocument();
    expect(within(open).getByText('Dinner on Friday')).toBeInTheDocument();
    expect(within(open).getByText(formatDateTime(dinner.createdAt))).toBeInTheDocument();
    expect(within(open).getByText(`Open until ${formatDateTime(dinner.expiresAt)}`)).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Pay Karim 500.00 Taka' })).toHaveAttribute(
      'href',
      `/user/transfer?request=${dinner._id}`,
    );
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should page the requests 5 at a time', async () => {
    await openPage({ incoming: Array.from({ length: 6 }, (_, index) => moneyRequest(6 - index)) });
    expect(within(await table('Asked of you')).getAllByRole('row')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Asked of you' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('should decline only once confirmed, and block the requester when asked to', async () => {
    const api = await openPage({ incoming: [dinner] });
    const row = await rowOf('Asked of you', 'Karim');
    await userEvent.click(within(row).getByRole('button', { name: 'Decline the request of Karim for 500.00 Taka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(dialog).toHaveTextContent('Karim asked you for 500.00 Taka. They will be told that you declined.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.declined).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: /^Decline/ }));
    const again = await screen.findByRole('dialog');
    const block = within(again).getByRole('checkbox', { name: 'Also block Karim from asking me again' });
    expect(block).not.toBeChecked();
    expect(block).toHaveAccessibleDescription(
      'Their requests will no longer reach you, and they are not told. You can unblock them on this page.',
    );
    await userEvent.click(block);
    await userEvent.click(within(again).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Request declined. Karim can no longer ask you for money.')).toBeInTheDocument();
    expect(api.declined).toEqual([{ id: dinner._id, block: true }]);
    expect(await within(row).findByText('Declined')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    const blocked = screen.getByRole('table', { name: 'Blocked from asking you' });
    expect(await within(blocked).findByText('Karim')).toBeInTheDocument();
  });

  it('should decline without blocking, as "Request declined"', async () => {
    const api = await openPage({ incoming: [dinner] });
    await userEvent.click(within(await rowOf('Asked of you', 'Karim')).getByRole('button', { name: /^Decline/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(REQUEST_TEXTS.declined)).toBeInTheDocument();
    expect(api.declined).toEqual([{ id: dinner._id, block: false }]);
    expect(api.blocks).toEqual([]);
  });

  it('should cancel a request of mine once confirmed', async () => {
    const api = await openPage({ outgoing: [mine] });
    await userEvent.click(screen.getByRole('tab', { name: 'Sent by you' }));
    const row = await rowOf('Sent by you', 'salma@example.com');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Cancel your request to salma@example.com for 400.00 Taka' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(dialog).toHaveTextContent('salma@example.com will no longer be able to pay your request for 400.00 Taka.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByText(REQUEST_TEXTS.cancelled)).toBeInTheDocument();
    expect(api.cancelled).toEqual([mine._id]);
    expect(await within(row).findByText('Cancelled')).toBeInTheDocument();
  });

  it('should toast a refusal, such as a request no longer open', async () => {
    await openPage({ outgoing: [mine] });
    apiAnswers('post', `/requests/${mine._id}/cancel`, [
      fail(409, 'This request is no longer open', undefined, 'REQUEST_NOT_OPEN'),
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Sent by you' }));
    await userEvent.click(
      within(await rowOf('Sent by you', 'salma@example.com')).getByRole('button', { name: /^Cancel/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the request' }),
    );
    expect(await screen.findByText('This request is no longer open')).toBeInTheDocument();
  });

  it('should unblock a requester', async () => {
    const api = await openPage({
      blocks: [{ _id: people[2]!._id, name: 'Salma', blockedAt: '2025-06-02T09:00:00.000Z' }],
    });
    const blocked = screen.getByRole('table', { name: 'Blocked from asking you' });
    const row = (await within(blocked).findByText('Salma')).closest('tr')!;
    expect(within(row).getByText(formatDateTime('2025-06-02T09:00:00.000Z'))).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Unblock Salma' }));
    expect(await screen.findByText('Salma can ask you for money again.')).toBeInTheDocument();
    expect(api.unblocked).toEqual([people[2]!._id]);
    expect(await within(blocked).findByText('You have blocked no one.')).toBeInTheDocument();
  });
});
