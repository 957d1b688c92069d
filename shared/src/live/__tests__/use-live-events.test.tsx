import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import useSWR from 'swr';
import { useMyWallet, useNotifications, useQuote } from '@wallet/shared/data';
import { RECONNECT_FIRST_MS, RECONNECT_MAX_MS, useLiveEvents } from '@wallet/shared/live';
import {
  analyticsSchema,
  myLimitsSchema,
  overviewSchema,
  transactionSchema,
  walletSchema,
} from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import {
  admin,
  agent,
  FakeEventSource,
  fixtureId,
  myLimits,
  notification,
  notificationsApi,
  withFakeEventSource,
  ok,
  paged,
  renderWithProviders,
  server,
  user,
  walletOf,
} from '@wallet/shared/testing';

const streams = () => FakeEventSource.instances;
const latest = () => FakeEventSource.latest!;

function Listener() {
  useLiveEvents();
  return null;
}

/** The header's balance and the views that show the wallet, each on its own SWR key. */
function WalletViews() {
  useLiveEvents();
  const { data } = useMyWallet();
  useSWR('/analytics/me/overview');
  useSWR('/analytics/me');
  useSWR('/wallet/limits');
  useSWR('/transaction/me?page=1&limit=5');
  useSWR(`/transaction/me?page=2&limit=5&after=${fixtureId(5)}`);
  return <output aria-label="Balance">{data ? data.balance.toFixed(2) : '…'}</output>;
}

/** The API behind WalletViews: the wallet answers `balances` in turn; every request is recorded. */
function serveWalletViews(balances: number[]) {
  const asked: string[] = [];
  let answer = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace('/api/v1', '')}${url.search}`);
  });
  server.use(
    http.get('*/api/v1/wallet/me', () =>
      ok(walletSchema, walletOf(user(), { balance: balances[Math.min(answer++, balances.length - 1)] })),
    ),
    http.get('*/api/v1/analytics/me/overview', () =>
      ok(overviewSchema, { balance: 50, month: { month: '2025-03', moneyIn: 0, moneyOut: 0 }, latest: [] }),
    ),
    http.get('*/api/v1/analytics/me', () => ok(analyticsSchema, { months: [], balance: [], counterparts: [] })),
    http.get('*/api/v1/wallet/limits', () => ok(myLimitsSchema, myLimits())),
    http.get('*/api/v1/transaction/me', ({ request }) => paged(transactionSchema, [], request)),
  );
  return asked;
}

const count = (asked: string[], request: string) => asked.filter((each) => each === request).length;

withFakeEventSource();
afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
});

describe('useLiveEvents', () => {
  it("should open one stream to the API's /events with the session cookie for a signed-in user", async () => {
    useSession.getState().setUser(user());
    await renderWithProviders(
      <>
        <Listener />
        <Listener />
      </>,
    );
    expect(streams()).toHaveLength(1);
    expect(latest().url).toBe('/api/v1/events');
    expect(latest().withCredentials).toBe(true);
  });

  it('should open a stream for an agent, and none for an admin or a visitor', async () => {
    useSession.getState().setUser(admin());
    const { unmount } = await renderWithProviders(<Listener />);
    act(() => useSession.getState().signOut());
    expect(streams()).toHaveLength(0);
    unmount();
    useSession.getState().setUser(agent());
    await renderWithProviders(<Listener />);
    expect(streams()).toHaveLength(1);
  });

  it('should open none until the email is verified, and one once it is', async () => {
    useSession.getState().setUser(user({ emailVerified: false }));
    await renderWithProviders(<Listener />);
    expect(streams()).toHaveLength(0);
    act(() => useSession.getState().setUser(user()));
    expect(streams()).toHaveLength(1);
  });

  it('should write the wallet of a wallet event into the balance and ask again for the views that show it', async () => {
    useSession.getState().setUser(user());
    const asked = serveWalletViews([50]);
    await renderWithProviders(<WalletViews />);
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('50.00');
    await waitFor(() => expect(count(asked, '/analytics/me')).toBe(1));

    act(() => latest().open());
    act(() => latest().send('wallet', { wallet: walletOf(user(), { balance: 75.5 }), transactionId: fixtureId(9) }));

    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('75.50');
    await waitFor(() => expect(count(asked, '/analytics/me/overview')).toBe(2));
    await waitFor(() => expect(count(asked, '/analytics/me')).toBe(2));
    await waitFor(() => expect(count(asked, '/wallet/limits')).toBe(2));
    await waitFor(() => expect(count(asked, '/transaction/me?page=1&limit=5')).toBe(2));
    // The event carried the wallet, and a later page is fetched after its cursor: neither is asked for again.
    expect(count(asked, '/wallet/me')).toBe(1);
    expect(count(asked, `/transaction/me?page=2&limit=5&after=${fixtureId(5)}`)).toBe(1);
  });

  it("should ask again for an open review's quote: its balance after and limits follow the wallet", async () => {
    useSession.getState().setUser(user());
    const asked = serveWalletViews([50]);
    const quote = '/wallet/quote?type=transfer&amount=100';
    function OpenReview() {
      useLiveEvents();
      const { data } = useQuote('transfer', 100);
      return <output aria-label="Balance after">{data ? data.balanceAfter.toFixed(2) : '…'}</output>;
    }
    await renderWithProviders(<OpenReview />);
    expect(await screen.findByRole('status', { name: 'Balance after' })).toHaveTextContent('-50.00');

    act(() => latest().open());
    act(() => latest().send('wallet', { wallet: walletOf(user(), { balance: 75.5 }), transactionId: fixtureId(9) }));

    await waitFor(() => expect(count(asked, quote)).toBe(2));
  });

  it("should write an event's unread count into the bell at once, and ask for its list again", async () => {
    useSession.getState().setUser(user());
    const asked = serveWalletViews([50]);
    const api = notificationsApi([notification(1)]);
    function Bell() {
      useLiveEvents();
      const { unread, notifications } = useNotifications();
      return (
        <>
          <output aria-label="Unread">{unread}</output>
          <output aria-label="Latest">{notifications.map((row) => row.counterpart).join(', ')}</output>
        </>
      );
    }
    await renderWithProviders(<Bell />);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Unread' })).toHaveTextContent('1'));

    api.rows = [notification(2, { counterpart: 'Nila' }), ...api.rows];
    act(() => latest().open());
    act(() =>
      latest().send('wallet', { wallet: walletOf(user(), { balance: 550 }), transactionId: fixtureId(9), unread: 2 }),
    );

    // The count before any answer from the API; the new notification with the list's.
    expect(screen.getByRole('status', { name: 'Unread' })).toHaveTextContent('2');
    expect(screen.getByRole('status', { name: 'Latest' })).toHaveTextContent(/^Karim$/);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Latest' })).toHaveTextContent('Nila, Karim'));
    expect(count(asked, '/notifications?page=1&limit=10')).toBe(2);
  });

  it('should keep the count when an event carries none, or one that is no count', async () => {
    useSession.getState().setUser(user());
    const asked = serveWalletViews([50]);
    notificationsApi([notification(1)]);
    function Bell() {
      useLiveEvents();
      const { data } = useMyWallet();
      const { unread } = useNotifications();
      return <output aria-label="Unread">{`${unread} of ${data?.balance}`}</output>;
    }
    await renderWithProviders(<Bell />);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Unread' })).toHaveTextContent('1 of 50'));
    act(() => latest().open());
    act(() => latest().send('wallet', { wallet: walletOf(user(), { balance: 60 }) }));
    act(() => latest().send('wallet', { wallet: walletOf(user(), { balance: 70 }), unread: 'many' }));
    act(() => latest().send('wallet', { wallet: walletOf(user(), { balance: 80 }), unread: -1 }));
    expect(screen.getByRole('status', { name: 'Unread' })).toHaveTextContent('1 of 80');
    expect(count(asked, '/notifications?page=1&limit=10')).toBe(1);
  });

  it('should ignore an event whose data is not a wallet', async () => {
    useSession.getState().setUser(user());
    serveWalletViews([50]);
    await renderWithProviders(<WalletViews />);
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('50.00');
    act(() => latest().send('wallet', { wallet: { balance: 'a lot' } }));
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('50.00');
  });

  it('should reconnect after 1 s, 2 s, 4 s … up to 30 s, and start again at 1 s once a stream opened', async () => {
    jest.useFakeTimers();
    useSession.getState().setUser(user());
    await renderWithProviders(<Listener />);
    const waited: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = streams().length;
      act(() => latest().fail());
      let delay = 0;
      while (streams().length === before && delay <= RECONNECT_MAX_MS) {
        act(() => jest.advanceTimersByTime(100));
        delay += 100;
      }
      waited.push(delay);
    }
    expect(waited).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(
      streams()
        .slice(0, -1)
        .every((stream) => stream.readyState === 2),
    ).toBe(true);

    act(() => latest().open());
    act(() => latest().fail());
    act(() => jest.advanceTimersByTime(RECONNECT_FIRST_MS));
    expect(streams()).toHaveLength(9);
  });

  it.each([
    ['evicted', { reason: 'too many streams', retryAfterMs: 60_000 }],
    ['reconnect', { retryAfterMs: 60_000 }],
  ])('should wait as long as a stream ended with `%s` is asked to before it comes back', async (type, data) => {
    jest.useFakeTimers();
    useSession.getState().setUser(user());
    await renderWithProviders(<Listener />);
    act(() => latest().open());
    act(() => latest().send(type, data));
    // The server ends the stream after the event: that break is not retried at once.
    act(() => latest().fail());
    act(() => jest.advanceTimersByTime(59_900));
    expect(streams()).toHaveLength(1);
    expect(latest().readyState).toBe(2);
    act(() => jest.advanceTimersByTime(100));
    expect(streams()).toHaveLength(2);
    // The stream it opened then breaks as any other: 1 s.
    act(() => latest().fail());
    act(() => jest.advanceTimersByTime(RECONNECT_FIRST_MS));
    expect(streams()).toHaveLength(3);
  });

  it('should ask for the wallet again when the stream comes back, since events may have been missed', async () => {
    useSession.getState().setUser(user());
    const asked = serveWalletViews([50, 80]);
    await renderWithProviders(<WalletViews />);
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('50.00');
    act(() => latest().open());
    act(() => latest().fail());
    await waitFor(() => expect(streams()).toHaveLength(2), { timeout: RECONNECT_FIRST_MS + 1_000 });
    act(() => latest().open());
    await waitFor(() => expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('80.00'));
    expect(count(asked, '/wallet/me')).toBe(2);
  });

  it('should close the stream on unmount, and drop a reconnection still waiting', async () => {
    jest.useFakeTimers();
    useSession.getState().setUser(user());
    const first = await renderWithProviders(<Listener />);
    act(() => latest().open());
    first.unmount();
    expect(latest().readyState).toBe(2);

    const second = await renderWithProviders(<Listener />);
    act(() => latest().fail());
    second.unmount();
    act(() => jest.advanceTimersByTime(RECONNECT_MAX_MS));
    expect(streams()).toHaveLength(2);
  });

  it('should close the stream when the person signs out', async () => {
    useSession.getState().setUser(user());
    await renderWithProviders(<Listener />);
    act(() => latest().open());
    act(() => useSession.getState().signOut());
    expect(latest().readyState).toBe(2);
    expect(streams()).toHaveLength(1);
  });
});
