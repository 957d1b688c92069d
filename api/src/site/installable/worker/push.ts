import type { NotificationKind, PushMessage } from '@wallet/shared/contracts';
import type { Language } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { CATALOGS } from './catalogs';
import { personLanguage } from './language';

/**
 * Web Push (issue 46): the API's outbox sends `{ kind, amount, id }` (pushMessageSchema in
 * @wallet/shared/contracts), and nothing else: no balance, no name, since a lock screen shows it to
 * whoever holds the phone. The worker words it in the person's language from the catalogs it
 * carries, and a click opens the notification, signed in, on the site's own page.
 */

/**
 * The notification's icon and badge, at the addresses the site serves them (named by their
 * content's hash): the API writes them in place of this name when it serves the script
 * (../worker-script.ts).
 */
declare const __NOTIFICATION_ICONS__: { icon: string; badge: string };

/** The page that lists a person's notifications and opens one: the host's, behind the site's sign-in. */
const NOTIFICATIONS_PAGE = '/notifications';

/** A notification's id as the API writes them (a UUID): the only part of a message put in an address. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);

/** A kind the worker has words for: every one of NOTIFICATION_KINDS (the typecheck holds them together). */
const isKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && Object.hasOwn(CATALOGS.en, `push.kind.${value}.title`);

/** What the worker could read of a message: each part on its own, absent when it is not as the contract says. */
type ReadMessage = Partial<Pick<PushMessage, 'kind' | 'id'>> & { amount?: number };

/**
 * A message read defensively: not JSON, not an object, or with parts of the wrong shape, it gives
 * what it can, down to nothing. A kind this worker does not know (one the API added before this
 * browser took the new worker) is no kind, and is worded as the generic notification; an id that
 * is not a UUID is no id. Anything else the message holds is ignored.
 */
function readMessage(data: PushMessageData | null): ReadMessage {
  let message: unknown;
  try {
    message = data?.json();
  } catch {
    return {};
  }
  if (typeof message !== 'object' || message === null) return {};
  const { kind, amount, id } = message as Record<string, unknown>;
  return {
    ...(isKind(kind) && { kind }),
    ...(typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && { amount }),
    ...(isId(id) && { id }),
  };
}

/**
 * A message's title and body in `language`: its kind's words, with the amount as Taka in the
 * language's digits. With no kind, the generic notification; a kind whose words need an amount,
 * with none, keeps its title over the generic body.
 */
function wording(message: ReadMessage, language: Language): { title: string; body: string } {
  const words = CATALOGS[language];
  if (!message.kind) return { title: words['push.title'], body: words['push.body'] };
  const title = words[`push.kind.${message.kind}.title`];
  const body = words[`push.kind.${message.kind}.body`];
  if (!body.includes('{amount}')) return { title, body };
  if (message.amount === undefined) return { title, body: words['push.body'] };
  return { title, body: body.replace('{amount}', formatTaka(message.amount, { language })) };
}

/**
 * A push, shown: always a notification (a push that shows none is one the browser counts against
 * the site), tagged and carrying the notification's id alone, so the click can open it.
 */
export async function showPush(scope: ServiceWorkerGlobalScope, data: PushMessageData | null) {
  const message = readMessage(data);
  const language = await personLanguage(scope).catch((): Language => 'en');
  const { title, body } = wording(message, language);
  const { icon, badge } = __NOTIFICATION_ICONS__;
  await scope.registration.showNotification(title, {
    body,
    lang: language,
    icon,
    badge,
    ...(message.id ? { tag: message.id, data: { id: message.id } } : { data: {} }),
  });
}

/** Where a click on a notification leads: the notifications page opening it, on this site only. */
function notificationAddress(scope: ServiceWorkerGlobalScope, data: unknown): string {
  const address = new URL(NOTIFICATIONS_PAGE, scope.location.origin);
  const id = (data as { id?: unknown } | null)?.id;
  if (isId(id)) address.searchParams.set('open', id);
  return address.href;
}

/**
 * A click on a notification: it closes, and a window of the site (one this worker controls, the
 * focused one first) comes forward at the notification's page; with none open, a new one opens
 * there. Focus comes first: it needs the click's permission, which lasts only moments, while the
 * page then loads as long as it takes.
 */
export async function openNotification(scope: ServiceWorkerGlobalScope, notification: Notification) {
  notification.close();
  const address = notificationAddress(scope, notification.data);
  const windows = (await scope.clients.matchAll({ type: 'window' })).filter(
    (client) => new URL(client.url).origin === scope.location.origin,
  );
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    try {
      await (await open.focus()).navigate(address);
      return;
    } catch {
      // Gone meanwhile, or no longer this worker's: a window of its own, then.
    }
  }
  await scope.clients.openWindow(address);
}
