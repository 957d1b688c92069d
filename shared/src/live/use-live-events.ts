import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { Role, WalletEvent } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { apiUrl } from '@wallet/shared/api';
import {
  isPageOf,
  isQuoteKey,
  MY_LIMITS_KEY,
  MY_TRANSACTIONS_PATH,
  NOTIFICATIONS_KEY,
  WALLET_KEY,
  withUnread,
} from '@wallet/shared/data';

export const EVENTS_PATH = '/events';
/** The first reconnection waits this long, each failed one twice as long, up to the cap. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

const OVERVIEW_PATH = '/analytics/me/overview';
const ANALYTICS_PATH = '/analytics/me';
/** Only a wallet's owner has a stream: an admin has no wallet. */
const LIVE_ROLES: ReadonlySet<Role | undefined> = new Set<Role>(['USER', 'AGENT']);

interface StreamListener {
  onWallet: (event: WalletEvent) => void;
  /** The stream came back after a break: events may have been missed meanwhile. */
  onResync: () => void;
}

/** Checked by hand, not by the zod contract: the host provides this hook, and no script of the host carries zod. */
function parseWalletEvent(data: unknown): WalletEvent | undefined {
  try {
    const event = JSON.parse(String(data)) as Partial<WalletEvent>;
    const wallet = event?.wallet;
    const valid =
      typeof wallet?._id === 'string' && typeof wallet.balance === 'number' && typeof wallet.isBlocked === 'boolean';
    if (!valid) return undefined;
    // A count that is no whole number is dropped, not the event: the balance still holds.
    const { unread, ...rest } = event as WalletEvent;
    return Number.isInteger(unread) && (unread as number) >= 0 ? { ...rest, unread } : rest;
  } catch {
    return undefined;
  }
}

/** How long an `evicted` or `reconnect` event asks its client to wait, within reason: 1 s to 10 minutes. */
function evictedWait(data: unknown) {
  try {
    const wait = Number((JSON.parse(String(data)) as { retryAfterMs?: unknown }).retryAfterMs);
    return Number.isFinite(wait) ? Math.min(Math.max(wait, RECONNECT_FIRST_MS), 600_000) : RECONNECT_MAX_MS;
  } catch {
    return RECONNECT_MAX_MS;
  }
}

/**
 * One EventSource with our own back-off. The browser's built-in retry gives up for good on a
 * non-200 answer (a restart behind a proxy answers 502) and otherwise retries every few seconds
 * forever; here every break is retried, 1 s doubling to 30 s, and a successful open starts again
 * at 1 s. A stream the server closed for a newer one of the same person (`evicted`: more than 5
 * open, other tabs or devices) waits as long as the server asks before it comes back, so tabs do
 * not take turns evicting each other.
 */
function openStream(url: string, listener: StreamListener) {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_FIRST_MS;
  let opened = false;
  let closed = false;
  let evicted = false;

  const reconnectIn = (wait: number) => {
    source?.close();
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(connect, wait);
  };

  function connect() {
    evicted = false;
    source = new EventSource(url, { withCredentials: true });
    source.addEventListener('open', () => {
      delay = RECONNECT_FIRST_MS;
      if (opened) listener.onResync();
      opened = true;
    });
    source.addEventListener('wallet', (message) => {
      const event = parseWalletEvent((message as MessageEvent).data);
      if (event) listener.onWallet(event);
    });
    // Told when to come back: closed for a newer stream of the person (`evicted`), or by a server
    // shutting down (`reconnect`, through the proxy to another instance).
    for (const type of ['evicted', 'reconnect']) {
      source.addEventListener(type, (message) => {
        evicted = true;
        reconnectIn(evictedWait((message as MessageEvent).data));
      });
    }
    source.addEventListener('error', () => {
      if (evicted) return;
      reconnectIn(delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    });
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}

/** What the tab holding the stream tells the browser's other tabs of the same person. */
type SharedMessage = { kind: 'wallet'; data: string } | { kind: 'resync' };

/**
 * One stream per browser where it can be (Web Locks and BroadcastChannel): the tab that holds the
 * person's lock opens the stream and passes every event to the other tabs over a channel, so tabs
 * do not each hold one (the API keeps 5 per person). When that tab closes, the next one waiting
 * takes the lock, opens the stream and tells every tab to fetch afresh (events may have been
 * missed meanwhile). Elsewhere, one stream per tab.
 */
export function openShared(url: string, userId: string, listener: StreamListener) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return openStream(url, listener);
  const name = `wallet-events:${userId}`;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (message: MessageEvent<SharedMessage>) => {
    if (message.data?.kind === 'resync') listener.onResync();
    if (message.data?.kind !== 'wallet') return;
    const event = parseWalletEvent(message.data.data);
    if (event) listener.onWallet(event);
  };
  let closed = false;
  let release: (() => void) | undefined;
  const lead = (takenOver: boolean) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      const stop = openStream(url, {
        onWallet: (event) => {
          listener.onWallet(event);
          channel.postMessage({ kind: 'wallet', data: JSON.stringify(event) } satisfies SharedMessage);
        },
        onResync: () => {
          listener.onResync();
          channel.postMessage({ kind: 'resync' } satisfies SharedMessage);
        },
      });
      if (takenOver) {
        listener.onResync();
        channel.postMessage({ kind: 'resync' } satisfies SharedMessage);
      }
      release = () => {
        stop();
        resolve();
      };
    });
  // First come, first lead; the others wait in line for the lock and listen meanwhile.
  void locks.request(name, { ifAvailable: true }, (lock) =>
    lock ? lead(false) : locks.request(name, () => lead(true)),
  );
  return () => {
    closed = true;
    channel.close();
    release?.();
  };
}

/** One stream per tab (or per browser, openShared), however many components listen; closed when the last one leaves. */
const listeners = new Set<StreamListener>();
let closeStream: (() => void) | undefined;

function subscribe(userId: string, listener: StreamListener) {
  listeners.add(listener);
  closeStream ??= openShared(apiUrl(EVENTS_PATH), userId, {
    onWallet: (event) => listeners.forEach((each) => each.onWallet(event)),
    onResync: () => listeners.forEach((each) => each.onResync()),
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    closeStream?.();
    closeStream = undefined;
  };
}

/** The first page of the history (any filter): later pages are fetched after a cursor and do not shift. */
function isFirstHistoryPage(key: unknown) {
  if (!isPageOf(MY_TRANSACTIONS_PATH)(key)) return false;
  const query = new URLSearchParams(String(key).split('?')[1] ?? '');
  return !query.has('after') && (query.get('page') ?? '1') === '1';
}

const isWalletView = (key: unknown) =>
  isFirstHistoryPage(key) ||
  isPageOf(OVERVIEW_PATH)(key) ||
  isPageOf(ANALYTICS_PATH)(key) ||
  key === MY_LIMITS_KEY ||
  isQuoteKey(key);

/**
 * The signed-in user's or agent's wallet, live: GET /events (server-sent events) writes each
 * `wallet` event into the wallet's cache (the header's balance) and asks again for what shows it
 * (the overview, the analytics, the first page of the history, the limits and their use, an open
 * review's quote); the unread count an event carries goes into the bell's cache at once, and the
 * bell's list is asked for again. Nothing opens for a visitor, an admin or a person whose email is
 * not verified yet, and the stream closes on sign-out or unmount.
 */
export function useLiveEvents({ enabled = true }: { enabled?: boolean } = {}) {
  const { mutate } = useSWRConfig();
  // The API streams to verified people only (an account made for the purpose holds no socket).
  const userId = useSession((state) =>
    state.status === 'signed-in' && LIVE_ROLES.has(state.user?.role) && state.user?.emailVerified
      ? state.user._id
      : undefined,
  );
  // jsdom and very old browsers have no EventSource: the balance then updates as before, on the person's own actions.
  const live = enabled && userId !== undefined && typeof EventSource !== 'undefined';

  useEffect(() => {
    if (!live) return;
    return subscribe(userId, {
      onWallet: (event) => {
        void mutate(WALLET_KEY, event.wallet, { revalidate: false });
        void mutate(isWalletView);
        // The bell's count at once; its list (the new notification) from the API.
        if (event.unread !== undefined) void mutate(NOTIFICATIONS_KEY, withUnread(event.unread));
      },
      onResync: () => {
        void mutate(WALLET_KEY);
        void mutate(isWalletView);
        void mutate(NOTIFICATIONS_KEY);
      },
    });
  }, [live, userId, mutate]);
}
