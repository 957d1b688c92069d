import { runInNewContext } from 'node:vm';

/**
 * The site's service worker (api/src/site/installable/worker/), run as served at /sw.js in a
 * stand-in of a browser's worker scope: what it registers, what it answers, what it shows and
 * which windows it opens. `test/installable.test.ts` and `test/worker-push.test.ts` run it here.
 */
type Listener = (event: Record<string, unknown>) => void;

export const ORIGIN = 'http://wallet.test';

/** A window of the site as the worker's `clients` give it: where it is, and what the worker did with it. */
export interface StandInWindow {
  url: string;
  focused: boolean;
  /** Makes focus() fail, as a browser does once the click's permission has lapsed. */
  refuseFocus?: boolean;
}

/** What the worker showed: the title and the options it passed to showNotification. */
export interface Shown {
  title: string;
  options: { body?: string; tag?: string; data?: unknown; icon?: string; badge?: string; lang?: string };
}

export interface WorkerOptions {
  /** The wallet_lang cookie, as the worker's Cookie Store reads it. */
  cookie?: string;
  /** navigator.languages */
  languages?: string[];
  /** The site's windows the worker controls. */
  windows?: StandInWindow[];
}

export function runWorker(script: string, { cookie, languages = ['en-US'], windows = [] }: WorkerOptions = {}) {
  const listeners = new Map<string, Listener>();
  const calls: string[] = [];
  const shown: Shown[] = [];
  const windowClient = (window: StandInWindow) => ({
    get url() {
      return window.url;
    },
    get focused() {
      return window.focused;
    },
    focus: async () => {
      calls.push(`focus ${window.url}`);
      if (window.refuseFocus) throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
      window.focused = true;
      return windowClient(window);
    },
    navigate: async (url: string) => {
      calls.push(`navigate ${window.url} to ${url}`);
      window.url = url;
      return windowClient(window);
    },
  });
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    navigator: { languages },
    cookieStore: { get: async (name: string) => (name === 'wallet_lang' && cookie ? { value: cookie } : null) },
    registration: {
      navigationPreload: { enable: async () => calls.push('navigationPreload.enable') },
      unregister: async () => calls.push('unregister'),
      showNotification: async (title: string, options: Shown['options']) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => calls.push('clients.claim'),
      matchAll: async (options: { type?: string; includeUncontrolled?: boolean }) => {
        calls.push(`clients.matchAll ${JSON.stringify(options)}`);
        return windows.map(windowClient);
      },
      openWindow: async (url: string) => {
        calls.push(`clients.openWindow ${url}`);
        windows.push({ url, focused: true });
        return null;
      },
    },
    skipWaiting: async () => calls.push('skipWaiting'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  runInNewContext(script, { self: scope, URL, Response, fetch: () => Promise.reject(new TypeError('offline')) });

  /** An event the worker extends: resolved once all it waited for is done. */
  const extendable = async (type: string, extra: Record<string, unknown> = {}) => {
    const waited: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (promise: Promise<unknown>) => waited.push(promise), ...extra });
    await Promise.all(waited);
  };
  const lifecycle = extendable;
  /** A request as the browser would hand it over: the response it was given, or undefined when the worker let it be. */
  const fetchEvent = async (url: string, mode: string, preload: () => Promise<Response | undefined>) => {
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: { url: `${ORIGIN}${url}`, mode, method: 'GET' },
      preloadResponse: preload(),
      respondWith: (response: Promise<Response>) => (answer = response),
    });
    return answer && (await answer);
  };
  /**
   * A push as the browser hands it over, its payload decrypted: `data` is null for a push with
   * none, and json() throws as PushMessageData's does on what is not JSON.
   */
  const push = (payload: string | null) =>
    extendable('push', {
      data: payload === null ? null : { text: () => payload, json: () => JSON.parse(payload) as unknown },
    });
  /** A click on a notification the worker showed, carrying its data. */
  const click = async (data: unknown) => {
    const notification = { data, close: () => calls.push('notification.close') };
    await extendable('notificationclick', { notification, action: '' });
  };
  return { listeners, calls, shown, windows, lifecycle, fetchEvent, push, click };
}
