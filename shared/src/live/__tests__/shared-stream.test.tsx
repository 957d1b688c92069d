import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import type { WalletEvent } from '@wallet/shared/contracts';
import { FakeEventSource, withFakeEventSource } from '@wallet/shared/testing';
import { openShared } from '../use-live-events';

/**
 * Web Locks as a browser grants them: one holder per name at a time, the others in line, and
 * `ifAvailable` answered at once with no lock when it is held.
 */
function fakeLocks() {
  const tails = new Map<string, Promise<void>>();
  const held = new Set<string>();
  type Callback = (lock: { name: string } | null) => Promise<unknown> | unknown;
  return {
    request(name: string, options: { ifAvailable?: boolean } | Callback, maybe?: Callback) {
      const [settings, callback] = typeof options === 'function' ? [{}, options] : [options, maybe!];
      if (settings.ifAvailable && held.has(name)) return Promise.resolve(callback(null));
      const before = tails.get(name) ?? Promise.resolve();
      let done!: () => void;
      tails.set(
        name,
        before.then(() => new Promise<void>((resolve) => (done = resolve))),
      );
      return before.then(async () => {
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
          done();
        }
      });
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));
const event = (balance: number): WalletEvent => ({
  wallet: {
    _id: '11111111-1111-4111-8111-111111111111',
    userId: 'u1',
    balance,
    available: balance,
    held: 0,
    isBlocked: false,
  },
});

withFakeEventSource();
beforeEach(() => {
  Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = NodeBroadcastChannel;
});
afterEach(() => {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
});

describe('one stream per browser', () => {
  it("should open one stream for a person's tabs, pass its events to every tab, and hand it over when its tab closes", async () => {
    const tabs = [0, 1, 2].map(() => ({ wallets: [] as number[], resyncs: 0 }));
    const open = (tab: (typeof tabs)[number], userId = 'u1') =>
      openShared('/api/v1/events', userId, {
        onWallet: (received) => tab.wallets.push(received.wallet.balance),
        onResync: () => (tab.resyncs += 1),
      });
    const closeFirst = open(tabs[0]!);
    await flush();
    const closeSecond = open(tabs[1]!);
    await flush();
    expect(FakeEventSource.instances).toHaveLength(1);

    FakeEventSource.latest!.open();
    FakeEventSource.latest!.send('wallet', event(70));
    await flush();
    expect(tabs.map((tab) => tab.wallets)).toEqual([[70], [70], []]);

    // The leading tab closes: the next one opens the stream and every tab fetches afresh.
    closeFirst();
    await flush();
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.readyState).toBe(2);
    expect(tabs[1]!.resyncs).toBe(1);
    FakeEventSource.latest!.open();
    FakeEventSource.latest!.send('wallet', event(80));
    await flush();
    expect(tabs[1]!.wallets).toEqual([70, 80]);

    // Another person in the same browser has a stream of their own.
    const closeOther = open(tabs[2]!, 'u2');
    await flush();
    expect(FakeEventSource.instances).toHaveLength(3);
    closeSecond();
    closeOther();
    await flush();
    expect(FakeEventSource.instances.every((stream) => stream.readyState === 2)).toBe(true);
  });
});
