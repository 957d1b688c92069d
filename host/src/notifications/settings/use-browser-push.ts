import { useCallback, useEffect, useState } from 'react';
// Types only: the contracts' zod stays out of the page's chunk (its paths are written here).
import type { PushSubscriptionInput } from '@wallet/shared/contracts';
import { apiRequest, ApiError } from '@wallet/shared/api';
import {
  activeWorker,
  applicationServerKey,
  currentSubscription,
  PushFailure,
  pushSupported,
  rememberOwner,
  subscriptionOwner,
  type BrowserPushState,
  type PushProblem,
} from './browser-push';

/** The contracts' PUSH_KEY_PATH and PUSH_SUBSCRIPTIONS_PATH. */
const PUSH_KEY_PATH = '/push/key';
const PUSH_SUBSCRIPTIONS_PATH = '/push/subscriptions';

/**
 * On: notifications allowed, a subscription in this browser, made here for this person, and the
 * API counting at least one browser of theirs. Signing out of a browser ends its subscription on
 * the server alone, so a subscription left from another person, or from before, reads as off:
 * turning on then sends it again.
 */
async function readState(userId: string | undefined, subscriptions: number | undefined): Promise<BrowserPushState> {
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription().catch(() => null);
  const owner = subscriptionOwner();
  const mine =
    subscription !== null && owner !== undefined && owner.userId === userId && owner.endpoint === subscription.endpoint;
  return mine && subscriptions !== 0 ? 'on' : 'off';
}

/** A subscription with the API's key; one made with another key (the operator's pair changed) goes first. */
async function subscribe(registration: ServiceWorkerRegistration, key: string) {
  const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(key) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch {
    const stale = await registration.pushManager.getSubscription().catch(() => null);
    if (!stale) throw new PushFailure('subscribeFailed');
    await stale.unsubscribe().catch(() => undefined);
    return registration.pushManager.subscribe(options).catch(() => {
      throw new PushFailure('subscribeFailed');
    });
  }
}

/** Permission asked for (only now, on the person's click), a subscription made, and the API told of it. */
async function turnOn(userId: string) {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushFailure('denied');
  if (permission !== 'granted') throw new PushFailure('dismissed');
  const registration = await activeWorker();
  if (!registration) throw new PushFailure('noWorker');
  const key = await apiRequest<{ publicKey: string }>(PUSH_KEY_PATH).catch((error: unknown) => {
    throw new PushFailure('saveFailed', error);
  });
  const subscription = await subscribe(registration, key.data.publicKey);
  try {
    await apiRequest(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      body: subscription.toJSON() as PushSubscriptionInput,
    });
  } catch (error) {
    // Refused (a push service the API does not send to): no subscription left that nothing uses.
    if (error instanceof ApiError && error.status === 400) await subscription.unsubscribe().catch(() => undefined);
    throw new PushFailure('saveFailed', error);
  }
  rememberOwner({ userId, endpoint: subscription.endpoint });
}

/** The API told first (so no push is sent here any more), then the browser's subscription ended. */
async function turnOff() {
  const subscription = await currentSubscription().catch(() => null);
  if (subscription) {
    try {
      await apiRequest(PUSH_SUBSCRIPTIONS_PATH, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    } catch (error) {
      // Not subscribed for this person on the server (signed out since): nothing to end there.
      if (!(error instanceof ApiError && error.status === 404)) throw new PushFailure('offFailed', error);
    }
    await subscription.unsubscribe().catch(() => undefined);
  }
  rememberOwner(undefined);
}

/**
 * Whose browser it is: `subscriptions` is the API's count of the person's browsers; `onChanged`
 * runs after turning on or off, to read it again.
 */
export interface BrowserPushOwner {
  userId: string | undefined;
  subscriptions: number | undefined;
  onChanged: () => void;
}

/** This browser's notifications: their state, and turning them on or off. */
export function useBrowserPush({ userId, subscriptions, onChanged }: BrowserPushOwner) {
  const supported = pushSupported();
  const [state, setState] = useState<BrowserPushState | 'checking'>(supported ? 'checking' : 'unsupported');
  const [failure, setFailure] = useState<PushFailure | undefined>();
  const [busy, setBusy] = useState(false);
  const [reads, setReads] = useState(0);
  const readAgain = useCallback(() => setReads((count) => count + 1), []);

  useEffect(() => {
    if (!supported) return undefined;
    let live = true;
    void readState(userId, subscriptions).then((read) => live && setState(read));
    return () => {
      live = false;
    };
  }, [supported, userId, subscriptions, reads]);

  // Allowed or blocked in the browser's settings meanwhile: read again when the tab comes back.
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && readAgain();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [readAgain]);

  const run = async (change: () => Promise<void>, otherwise: PushProblem) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await change();
      onChanged();
      return true;
    } catch (error) {
      setFailure(error instanceof PushFailure ? error : new PushFailure(otherwise, error));
      return false;
    } finally {
      setBusy(false);
      readAgain();
    }
  };

  return {
    state,
    failure,
    busy,
    turnOn: () => (userId ? run(() => turnOn(userId), 'subscribeFailed') : Promise.resolve(false)),
    turnOff: () => run(turnOff, 'offFailed'),
  };
}
