import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { AreaName } from '@wallet/shared/federation';
import type { Role } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { setLanguage } from '@wallet/shared/i18n';
import {
  agent,
  fail,
  FakeEventSource,
  notification,
  notificationsApi,
  pushApi,
  server,
  user,
  walletOf,
  withFakeEventSource,
  withRole,
} from '@wallet/shared/testing';
import { loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });
const rows = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
const loadWithoutMenu = async <T,>(area: AreaName, expose: string) =>
  (expose === 'menu' ? { menu: [] } : await loadFromAreaRoutes(area)) as T;

async function openPanel(name: string | RegExp = /^Notifications/, title = 'Notifications') {
  await userEvent.click(await bell(name));
  return screen.findByRole('dialog', { name: title });
}

/** A user's notifications of each kind with somewhere to go, newest first; the first two unread. */
const USER_NOTIFICATIONS = [
  notification(6, { kind: 'money_received', amount: 500, counterpart: 'Karim' }),
  notification(5, { kind: 'cash_in', amount: 1500, counterpart: 'Agent Ali' }),
  notification(4, {
    kind: 'payment_made',
    amount: 120.5,
    counterpart: 'Rina Store',
    readAt: '2025-03-02T00:00:00.000Z',
  }),
  notification(3, {
    kind: 'dispute_outcome',
    amount: null,
    transactionId: null,
    counterpart: 'reversed',
    readAt: '2025-03-02T00:00:00.000Z',
  }),
  notification(2, {
    kind: 'new_device',
    amount: null,
    transactionId: null,
    counterpart: 'Firefox on Windows',
    readAt: '2025-03-02T00:00:00.000Z',
  }),
];
const time = (n: number) => formatDateTime(notification(n).createdAt);

withFakeEventSource();
afterEach(() => server.events.removeAllListeners());

describe("the header's notification bell", () => {
  it('should not be there for a visitor', async () => {
    meAnswers(null);
    await renderShell();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it.each<Role>(['USER', 'AGENT', 'ADMIN'])("should show a signed-in %s's unread count on the bell", async (role) => {
    meAnswers(withRole(role));
    notificationsApi([
      notification(4),
      notification(3, { kind: 'new_device', amount: null, counterpart: 'Chrome on Linux' }),
      notification(2),
      notification(1, { readAt: '2025-03-02T00:00:00.000Z' }),
    ]);
    await renderShell();
    const button = await bell('Notifications, 3 unread');
    // Drawn, but not read out again: the button's name says it.
    expect(within(button).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('should show "99+" past 99, its name saying how many', async () => {
    meAnswers(user());
    notificationsApi(Array.from({ length: 120 }, (_, n) => notification(n)));
    await renderShell();
    expect(within(await bell('Notifications, 120 unread')).getByText('99+')).toBeInTheDocument();
  });

  it('should say just "Notifications" with nothing unread, and show an empty state', async () => {
    meAnswers(withRole('USER'));
    await renderShell();
    expect(within(await bell('Notifications')).queryByText('0')).not.toBeInTheDocument();
    const panel = await openPanel('Notifications');
    expect(
      await within(panel).findByText(
        'No notifications yet. Money you send or receive, and new sign-ins, show up here.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('should list the latest in English, one sentence and a time each, the unread ones said to be so', async () => {
    meAnswers(user());
    notificationsApi(USER_NOTIFICATIONS);
    await renderShell();
    const panel = await openPanel('Notifications, 2 unread');
    await waitFor(() => expect(rows(panel)).toHaveLength(5));
    expect(rows(panel)).toEqual([
      `Unread: You received 500.00 Taka from Karim${time(6)}`,
      `Unread: You received 1,500.00 Taka cash-in from Agent Ali${time(5)}`,
      `You paid 120.50 Taka to Rina Store${time(4)}`,
      `Your report was upheld: the transfer was reversed${time(3)}`,
      `New sign-in to your account from Firefox on Windows${time(2)}`,
    ]);
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/user/history?type=transfer&from=2025-03-01&to=2025-03-01',
      '/user/history?type=cash-in&from=2025-03-01&to=2025-03-01',
      '/user/history?type=payment&from=2025-03-01&to=2025-03-01',
      '/user/history?type=reversal&from=2025-03-01&to=2025-03-01',
      '/user/security',
      // Below the list: all of them, and their settings, on the Notifications page.
      '/notifications',
      '/notifications#settings',
    ]);
  });

  it("should word an agent's side of a cash-in and a cash-out as theirs", async () => {
    meAnswers(agent());
    notificationsApi([
      notification(2, { kind: 'cash_in_given', amount: 500, counterpart: 'Rahim' }),
      notification(1, { kind: 'cash_out_received', amount: 200, counterpart: 'Rahim' }),
    ]);
    await renderShell();
    const panel = await openPanel('Notifications, 2 unread');
    expect(await within(panel).findByRole('link', { name: /You cashed in 500.00 Taka for Rahim/ })).toHaveAttribute(
      'href',
      '/agent/history?type=cash-in&from=2025-03-01&to=2025-03-01',
    );
    expect(within(panel).getByRole('link', { name: /Rahim cashed out 200.00 Taka with you/ })).toHaveAttribute(
      'href',
      '/agent/history?type=cash-out&from=2025-03-01&to=2025-03-01',
    );
  });

  it('should speak Bangla, in Bangla digits, on a Bangla page', async () => {
    meAnswers(user());
    notificationsApi(USER_NOTIFICATIONS);
    await act(() => setLanguage('bn'));
    await renderShell();
    const panel = await openPanel('নোটিফিকেশন, ২টি পড়া হয়নি', 'নোটিফিকেশন');
    await waitFor(() => expect(rows(panel)).toHaveLength(5));
    expect(rows(panel)).toEqual([
      `পড়া হয়নি: Karim-এর কাছ থেকে ৫০০.০০৳ পেয়েছেন${time(6)}`,
      `পড়া হয়নি: Agent Ali-এর কাছ থেকে ১,৫০০.০০৳ ক্যাশ ইন পেয়েছেন${time(5)}`,
      `Rina Store-কে ১২০.৫০৳ পেমেন্ট করেছেন${time(4)}`,
      `আপনার রিপোর্ট গৃহীত হয়েছে: সেন্ড মানি রিভার্স করা হয়েছে${time(3)}`,
      `Firefox on Windows থেকে আপনার অ্যাকাউন্টে নতুন সাইন ইন${time(2)}`,
    ]);
    expect(time(6)).toMatch(/২০২৫/);
    expect(within(panel).getByRole('button', { name: 'সব পড়া হয়েছে' })).toBeEnabled();
  });

  it('should mark every one read with "Mark all as read", and clear the badge', async () => {
    meAnswers(user());
    const api = notificationsApi(USER_NOTIFICATIONS);
    await renderShell();
    const panel = await openPanel('Notifications, 2 unread');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    // The open panel hides the rest of the page from assistive technology meanwhile.
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(api.marks).toEqual([{ all: true }]);
    expect(rows(panel).filter((row) => row?.startsWith('Unread'))).toEqual([]);
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('should say so when marking all fails, and keep the count', async () => {
    meAnswers(user());
    notificationsApi(USER_NOTIFICATIONS);
    server.use(http.post('*/api/v1/notifications/read', () => fail(429, 'Too many requests, please slow down')));
    await renderShell();
    const panel = await openPanel('Notifications, 2 unread');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Too many requests, please slow down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeInTheDocument();
  });

  it('should mark a money notification read when it is opened, and open that movement in the history', async () => {
    meAnswers(user());
    const api = notificationsApi(USER_NOTIFICATIONS);
    await renderShell({ load: loadWithoutMenu });
    const panel = await openPanel('Notifications, 2 unread');
    await userEvent.click(await within(panel).findByRole('link', { name: /1,500.00 Taka cash-in from Agent Ali/ }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(api.marks).toEqual([{ ids: [USER_NOTIFICATIONS[1]!._id] }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/history');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should lead to the Notifications page with "See all notifications", and close', async () => {
    meAnswers(user());
    notificationsApi(USER_NOTIFICATIONS);
    pushApi();
    await renderShell();
    const panel = await openPanel('Notifications, 2 unread');
    await userEvent.click(within(panel).getByRole('link', { name: 'See all notifications' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("should move the badge with a live wallet event's count, and list the new one", async () => {
    const rahim = user();
    meAnswers(rahim);
    const api = notificationsApi([notification(1, { readAt: '2025-03-02T00:00:00.000Z' })]);
    await renderShell({ route: '/user/overview', load: loadWithoutMenu });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(await bell('Notifications')).toBeInTheDocument();

    api.rows = [notification(2, { kind: 'money_received', amount: 75, counterpart: 'Nila' }), ...api.rows];
    act(() => FakeEventSource.latest!.open());
    act(() => FakeEventSource.latest!.send('wallet', { wallet: walletOf(rahim, { balance: 125 }), unread: 1 }));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    const panel = await openPanel('Notifications, 1 unread');
    expect(await within(panel).findByText('You received 75.00 Taka from Nila')).toBeInTheDocument();
  });
});
