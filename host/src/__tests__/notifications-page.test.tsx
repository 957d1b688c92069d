import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Role } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { setLanguage } from '@wallet/shared/i18n';
import {
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
import { meAnswers, renderShell } from '../testing/render-shell';

/** 45 notifications, newest first: n = 45 … 1, the newest 5 unread. */
const MANY = Array.from({ length: 45 }, (_, index) => {
  const n = 45 - index;
  return notification(n, {
    amount: n,
    counterpart: `Friend ${n}`,
    readAt: n > 40 ? null : '2025-03-02T00:00:00.000Z',
  });
});

const list = () => screen.findByRole('list', { name: 'All notifications' });
const rows = (within_: HTMLElement) => within(within_).getAllByRole('listitem');
const bell = (name: string | RegExp) => screen.findByRole('button', { name });

withFakeEventSource();
beforeEach(() => pushApi());
afterEach(() => server.events.removeAllListeners());

describe('the Notifications page', () => {
  it('should send a visitor to /login', async () => {
    meAnswers(null);
    await renderShell({ route: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each<Role>(['USER', 'AGENT', 'ADMIN'])('should let a signed-in %s in', async (role) => {
    meAnswers(withRole(role));
    notificationsApi([notification(1, { kind: 'new_device', amount: null, counterpart: 'Chrome on Linux' })]);
    await renderShell({ route: '/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(within(await list()).getByText('New sign-in to your account from Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Notification settings' })).toBeInTheDocument();
  });

  it('should list 20 at a time, worded and linked as the bell does, the unread ones said to be so, with Show more to the end', async () => {
    meAnswers(user());
    const api = notificationsApi(MANY);
    await renderShell({ route: '/notifications' });
    const shown = await list();
    await waitFor(() => expect(rows(shown)).toHaveLength(20));
    expect(rows(shown)[0]).toHaveTextContent(
      `Unread: You received 45.00 Taka from Friend 45${formatDateTime(MANY[0]!.createdAt)}`,
    );
    expect(rows(shown)[5]).toHaveTextContent(/^You received 40\.00 Taka from Friend 40/);
    expect(within(rows(shown)[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/user/history?type=transfer&from=2025-03-01&to=2025-03-01',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows(shown)).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows(shown)).toHaveLength(45));
    expect(rows(shown).at(-1)).toHaveTextContent(/^You received 1\.00 Taka from Friend 1/);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText(/^That is all\. Notifications are kept for 90 days/)).toBeInTheDocument();
    // Each page after the last row shown (keyset), so a new notification shifts none of them.
    const pages = api.asked.filter((query) => query.get('limit') === '20');
    expect(pages.map((query) => query.get('after'))).toEqual([null, MANY[19]!._id, MANY[39]!._id]);
  });

  it('should mark every one read with "Mark all as read", on the list and on the bell', async () => {
    meAnswers(user());
    const api = notificationsApi(MANY.slice(0, 10));
    await renderShell({ route: '/notifications' });
    const shown = await list();
    await waitFor(() => expect(rows(shown)[0]).toHaveTextContent(/^Unread:/));
    expect(await bell('Notifications, 5 unread')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'All notifications' });
    await userEvent.click(within(section).getByRole('button', { name: 'Mark all as read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(api.marks).toEqual([{ all: true }]);
    await waitFor(() => expect(rows(shown).filter((row) => row.textContent?.startsWith('Unread:'))).toEqual([]));
    expect(within(section).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('should say so when marking all fails', async () => {
    meAnswers(user());
    notificationsApi(MANY.slice(0, 10));
    server.use(http.post('*/api/v1/notifications/read', () => fail(429, 'Too many requests, please slow down')));
    await renderShell({ route: '/notifications' });
    const section = await screen.findByRole('region', { name: 'All notifications' });
    await bell('Notifications, 5 unread');
    await userEvent.click(within(section).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Too many requests, please slow down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });

  it('should bring ?open= forward from a later page: fetched, highlighted, focused and marked read', async () => {
    meAnswers(user());
    // The 45th: on the third page.
    const opened = notification(0, { amount: 3, counterpart: 'Karim' });
    const api = notificationsApi([...MANY.slice(0, 44), opened]);
    await renderShell({ route: `/notifications?open=${opened._id}` });
    const shown = await list();
    const current = await within(shown).findByText('You received 3.00 Taka from Karim');
    const row = current.closest('li')!;
    expect(row).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(row).toHaveFocus());
    expect(rows(shown)).toHaveLength(45);
    await waitFor(() => expect(api.marks).toEqual([{ ids: [opened._id] }]));
    expect(await bell('Notifications, 5 unread')).toBeInTheDocument();
    await waitFor(() => expect(row).not.toHaveTextContent(/^Unread:/));
  });

  it('should say a notification of ?open= is gone once the list ends without it', async () => {
    meAnswers(user());
    notificationsApi(MANY.slice(0, 25));
    await renderShell({ route: '/notifications?open=00000000-0000-4000-8000-000000000404' });
    expect(
      await screen.findByText(/^The notification you opened is no longer here: notifications are kept for 90 days/),
    ).toBeInTheDocument();
    expect(rows(await list())).toHaveLength(25);
    expect(screen.queryByRole('listitem', { current: true })).not.toBeInTheDocument();
  });

  it('should say when the list cannot be loaded, and load it again on Try again', async () => {
    meAnswers(user());
    notificationsApi(MANY.slice(0, 3));
    // The page's first ask fails (the bell's, of 10, does not).
    let failed = false;
    server.use(
      http.get('*/api/v1/notifications', ({ request }) => {
        if (failed || new URL(request.url).searchParams.get('limit') !== '20') return undefined;
        failed = true;
        return fail(429, 'Too many requests, please slow down');
      }),
    );
    await renderShell({ route: '/notifications' });
    const section = await screen.findByRole('region', { name: 'All notifications' });
    expect(await within(section).findByText('Too many requests, please slow down')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows(within(section).getByRole('list'))).toHaveLength(3));
  });

  it("should list a new notification when a live event moves the bell's count", async () => {
    const rahim = user();
    meAnswers(rahim);
    const api = notificationsApi([notification(1, { readAt: '2025-03-02T00:00:00.000Z' })]);
    await renderShell({ route: '/notifications' });
    const shown = await list();
    await waitFor(() => expect(rows(shown)).toHaveLength(1));
    await bell('Notifications');

    api.rows = [notification(2, { amount: 75, counterpart: 'Nila' }), ...api.rows];
    act(() => FakeEventSource.latest!.open());
    act(() => FakeEventSource.latest!.send('wallet', { wallet: walletOf(rahim, { balance: 125 }), unread: 1 }));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    await waitFor(() => expect(rows(shown)).toHaveLength(2));
    expect(rows(shown)[0]).toHaveTextContent(/^Unread: You received 75\.00 Taka from Nila/);
  });

  it('should speak Bangla, in Bangla digits', async () => {
    meAnswers(user());
    notificationsApi(MANY.slice(0, 3));
    await act(() => setLanguage('bn'));
    await renderShell({ route: '/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'নোটিফিকেশন' })).toBeInTheDocument();
    const shown = await screen.findByRole('list', { name: 'সব নোটিফিকেশন' });
    await waitFor(() => expect(rows(shown)).toHaveLength(3));
    expect(rows(shown)[0]).toHaveTextContent(/^পড়া হয়নি: Friend 45-এর কাছ থেকে ৪৫\.০০৳ পেয়েছেন/);
    expect(screen.getByRole('button', { name: 'সব পড়া হয়েছে' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2, name: 'নোটিফিকেশন সেটিংস' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'আপনার পাওয়া টাকা: পুশ' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'আপনার পাওয়া টাকা: ইমেইল রিসিট' })).not.toBeChecked();
    expect(
      screen.getByText('এই পর্যন্তই। নোটিফিকেশন ৯০ দিন রাখা হয়; আপনার লেনদেনের ইতিহাসে সব লেনদেন থাকে।'),
    ).toBeInTheDocument();
  });
});
