import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { User } from '@wallet/shared/contracts';
import { agent, admin, fail, notificationsApi, pushApi, server, user } from '@wallet/shared/testing';
import { meAnswers, renderShell } from '../testing/render-shell';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/browser-1';
const subscriptionJson = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

interface FakeSubscription {
  endpoint: string;
  toJSON: () => ReturnType<typeof subscriptionJson>;
  unsubscribe: () => Promise<boolean>;
}

const define = (target: object, name: string, value: unknown) =>
  Object.defineProperty(target, name, { configurable: true, writable: true, value });

/**
 * This browser, as the settings see it: `Notification` with its permission and the answer its
 * prompt gives, `PushManager`, and the site's worker (none: `worker: false`) whose push manager
 * subscribes to `endpoint`. `subscribed`: a subscription there already.
 */
function stubBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  worker = true,
  endpoint = ENDPOINT,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  worker?: boolean;
  endpoint?: string;
} = {}) {
  const subscription = (): FakeSubscription => ({
    endpoint,
    toJSON: () => subscriptionJson(endpoint),
    unsubscribe: jest.fn(async () => {
      browser.subscription = null;
      browser.unsubscribed += 1;
      return true;
    }),
  });
  const browser = {
    permission,
    subscription: null as FakeSubscription | null,
    unsubscribed: 0,
    requestPermission: jest.fn(async () => {
      browser.permission = answer;
      return answer;
    }),
    subscribe: jest.fn(
      async (_options: PushSubscriptionOptionsInit): Promise<FakeSubscription> =>
        (browser.subscription = subscription()),
    ),
  };
  if (subscribed) browser.subscription = subscription();
  const registration = {
    pushManager: { subscribe: browser.subscribe, getSubscription: async () => browser.subscription },
  };
  define(window, 'Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: browser.requestPermission,
  });
  define(window, 'PushManager', class {});
  define(navigator, 'serviceWorker', {
    ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
    getRegistration: async () => (worker ? registration : undefined),
  });
  return browser;
}

/** What the page remembers of whose this browser's subscription is. */
const ownedBy = (person: User, endpoint = ENDPOINT) =>
  localStorage.setItem('wallet_push_subscription', JSON.stringify({ userId: person._id, endpoint }));

afterEach(() => {
  for (const name of ['Notification', 'PushManager']) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

async function openSettings(person: User = user()) {
  meAnswers(person);
  notificationsApi([]);
  await renderShell({ route: '/notifications#settings' });
  return screen.findByRole('region', { name: 'Notification settings' });
}

const thisBrowser = () => screen.findByRole('region', { name: 'This browser' });
const captions = (settings: HTMLElement) =>
  within(settings)
    .getAllByRole('table')
    .map((table) => table.querySelector('caption')?.textContent);

describe('the notification settings, per kind', () => {
  it("should group a user's kinds, named for people, each with a Push and an Email receipt switch", async () => {
    pushApi({ chosen: { deposit: { mail: true } } });
    const settings = await openSettings();
    expect(await within(settings).findByRole('switch', { name: 'Push for Money you receive' })).toBeChecked();
    expect(captions(settings)).toEqual(['Money in', 'Money out', 'Requests', 'Account and security']);
    const moneyIn = within(settings).getByRole('table', { name: 'Money in' });
    expect(
      within(moneyIn)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Money you receive',
      'Deposits from your bank',
      'Bonuses',
      'Cash-in from an agent',
      'Refunds to you',
      'Your transfers reversed, money back to you',
    ]);
    expect(within(settings).getByRole('switch', { name: 'Email receipt for Deposits from your bank' })).toBeChecked();
    expect(within(settings).getByRole('switch', { name: 'Email receipt for Money you receive' })).not.toBeChecked();
    // A shop's kinds are a merchant's; an agent's, an agent's.
    expect(within(settings).queryByText('Payments to your shop')).not.toBeInTheDocument();
    expect(within(settings).queryByText('Cash-in you give customers')).not.toBeInTheDocument();
    expect(within(settings).getByText(/^No browser of yours receives pushes yet/)).toBeInTheDocument();
  });

  it('should save a switch at once (PUT with that kind alone) and say so', async () => {
    const api = pushApi();
    const settings = await openSettings();
    const push = await within(settings).findByRole('switch', { name: 'Push for Money you receive' });
    await userEvent.click(push);
    expect(push).not.toBeChecked();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.puts).toEqual([{ preferences: [{ kind: 'money_received', push: false, mail: false }] }]);

    await userEvent.click(within(settings).getByRole('switch', { name: 'Email receipt for Money you send' }));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]).toEqual({ preferences: [{ kind: 'money_sent', push: true, mail: true }] });
    expect(within(settings).getByRole('switch', { name: 'Email receipt for Money you send' })).toBeChecked();
  });

  it('should put a switch back and say why when saving fails', async () => {
    pushApi();
    server.use(http.put('*/api/v1/notifications/preferences', () => fail(429, 'Too many requests, please slow down')));
    const settings = await openSettings();
    const push = await within(settings).findByRole('switch', { name: 'Push for New sign-ins' });
    await userEvent.click(push);
    expect(await screen.findByText('Too many requests, please slow down')).toBeInTheDocument();
    await waitFor(() => expect(push).toBeChecked());
  });

  it('should show an agent their own kinds alone', async () => {
    pushApi();
    const settings = await openSettings(agent());
    await within(settings).findByRole('switch', { name: 'Push for Cash-in you give customers' });
    expect(
      within(settings)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Bonuses',
      'Cash-out customers make with you',
      'Cash-in you give customers',
      'Wallet PIN changed',
      'New sign-ins',
    ]);
    expect(captions(settings)).toEqual(['Money in', 'Money out', 'Account and security']);
  });

  it("should show a merchant their shop's kinds", async () => {
    pushApi();
    const merchant = {
      _id: '0190c2a4-5b7e-7c3d-9f10-5a6b7c8d9e0f',
      name: 'Rahim Store',
      nameBn: 'রহিম স্টোর',
      category: '5411' as const,
      city: 'Dhaka',
      cityBn: 'ঢাকা',
      since: '2026-11-01T00:00:00.000Z',
    };
    const settings = await openSettings(user({ merchant }));
    expect(await within(settings).findByRole('switch', { name: 'Push for Payments to your shop' })).toBeChecked();
    expect(
      within(settings).getByRole('switch', { name: 'Email receipt for Refunds your shop gives' }),
    ).not.toBeChecked();
  });

  it('should show staff their sign-ins alone', async () => {
    pushApi();
    const settings = await openSettings(admin());
    await within(settings).findByRole('switch', { name: 'Push for New sign-ins' });
    expect(within(settings).getAllByRole('switch')).toHaveLength(2);
  });
});

describe('the notification settings, this browser', () => {
  it('should say a browser without the Push API cannot have them, and offer nothing', async () => {
    pushApi();
    await openSettings();
    const section = await thisBrowser();
    expect(within(section).getByRole('status')).toHaveTextContent(/^Not supported here/);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should say they are blocked when the browser blocks them, and ask for nothing', async () => {
    pushApi();
    const browser = stubBrowser({ permission: 'denied' });
    await openSettings();
    const section = await thisBrowser();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Blocked by the browser/));
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it("should ask the browser's permission on the click alone, subscribe with the API's key and send the subscription", async () => {
    const api = pushApi();
    const browser = stubBrowser();
    await openSettings();
    const section = await thisBrowser();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Off:/));
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(within(section).getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^On: this browser shows/));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(api.subscribed).toEqual([subscriptionJson(ENDPOINT)]);
    expect(await screen.findByText('This browser will receive notifications')).toBeInTheDocument();
    expect(await screen.findByText(/^Pushes go to one browser of yours/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument();
  });

  it('should say so when the person refuses the permission, and show them blocked', async () => {
    const api = pushApi();
    const browser = stubBrowser({ answer: 'denied' });
    await openSettings();
    const section = await thisBrowser();
    await userEvent.click(await within(section).findByRole('button', { name: 'Turn on notifications' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Notifications were not turned on');
    expect(alert).toHaveTextContent('The browser blocks notifications for this site.');
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Blocked by the browser/));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(api.subscribed).toEqual([]);
  });

  it('should say so when the prompt is dismissed', async () => {
    pushApi();
    stubBrowser({ answer: 'default' });
    await openSettings();
    const section = await thisBrowser();
    await userEvent.click(await within(section).findByRole('button', { name: 'Turn on notifications' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('You did not allow notifications.');
    expect(within(section).getByRole('status')).toHaveTextContent(/^Off:/);
  });

  it('should say a page without the service worker (a development server) cannot subscribe', async () => {
    const api = pushApi();
    stubBrowser({ worker: false });
    await openSettings();
    const section = await thisBrowser();
    const turnOn = await within(section).findByRole('button', { name: 'Turn on notifications' });
    jest.useFakeTimers();
    try {
      act(() => turnOn.click());
      await act(() => jest.advanceTimersByTimeAsync(5_000));
    } finally {
      jest.useRealTimers();
    }
    expect(await within(section).findByRole('alert')).toHaveTextContent('This page has no service worker');
    expect(api.subscribed).toEqual([]);
  });

  it("should show the API's refusal of a push service it does not send to, and leave no subscription behind", async () => {
    const api = pushApi();
    const browser = stubBrowser({ endpoint: 'https://push.example.com/send/browser-1' });
    await openSettings();
    const section = await thisBrowser();
    await userEvent.click(await within(section).findByRole('button', { name: 'Turn on notifications' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Notifications can be sent only through a browser maker’s push service');
    expect(browser.unsubscribed).toBe(1);
    expect(api.subscribed).toEqual([]);
    expect(within(section).getByRole('status')).toHaveTextContent(/^Off:/);
  });

  it('should turn them off: the API told, then the browser unsubscribed', async () => {
    const rahim = user();
    const api = pushApi({ subscribed: [subscriptionJson(ENDPOINT)] });
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    ownedBy(rahim);
    await openSettings(rahim);
    const section = await thisBrowser();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^On:/));
    await userEvent.click(within(section).getByRole('button', { name: 'Turn off notifications' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Off:/));
    expect(api.subscribed).toEqual([]);
    expect(browser.unsubscribed).toBe(1);
    expect(await screen.findByText('This browser will no longer receive notifications')).toBeInTheDocument();
  });

  it('should read a subscription made here for someone else as off, and take it over when turned on', async () => {
    const api = pushApi({ others: 1 });
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    ownedBy(user({ _id: '0b7d4f1e-7c1a-4c39-9d7f-3b2f8f0b1a99' }));
    await openSettings();
    const section = await thisBrowser();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Off:/));
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^On:/));
    expect(api.subscribed).toEqual([subscriptionJson(ENDPOINT)]);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
  });
});
