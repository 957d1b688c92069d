/**
 * What this browser can do with Web Push, and its calls, kept apart from the screen: the tests
 * stand in `Notification`, `PushManager` and the service worker's registration.
 */

/** This browser's notifications from the wallet, as the settings show them. */
export type BrowserPushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why turning notifications on or off did not happen. */
export type PushProblem = 'denied' | 'dismissed' | 'noWorker' | 'subscribeFailed' | 'saveFailed' | 'offFailed';

export class PushFailure extends Error {
  constructor(
    readonly problem: PushProblem,
    /** The API's refusal, for its words. */
    readonly reason?: unknown,
  ) {
    super(problem);
    this.name = 'PushFailure';
  }
}

/** A service worker, the Push API and notifications: all three, or the wallet cannot push here. */
export function pushSupported() {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window.PushManager !== 'undefined' &&
    typeof window.Notification !== 'undefined'
  );
}

/** How long a click waits for the site's worker to be active (the host registers it after the page's load). */
const WORKER_WAIT_MS = 5_000;

/** The site's worker, once active; none on a page that registers none (a development server). */
export async function activeWorker(): Promise<ServiceWorkerRegistration | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, WORKER_WAIT_MS, undefined)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, none]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, if it has one: read without waiting for a worker. */
export async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the API gives it (base64url), as `applicationServerKey` takes it. */
export function applicationServerKey(base64url: string) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** Which person this browser's subscription was made for, and its endpoint: another's is not "on" for them. */
const OWNER_KEY = 'wallet_push_subscription';

interface Owner {
  userId: string;
  endpoint: string;
}

export function subscriptionOwner(): Owner | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null') as Partial<Owner> | null;
    return typeof stored?.userId === 'string' && typeof stored.endpoint === 'string'
      ? { userId: stored.userId, endpoint: stored.endpoint }
      : undefined;
  } catch {
    return undefined;
  }
}

export function rememberOwner(owner: Owner | undefined) {
  try {
    if (owner) localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // A private window may refuse storage: the state is then read as off, and turning on repairs it.
  }
}
