import { http } from 'msw';
import { z } from 'zod';
import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_KINDS,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  PUSH_ERRORS,
  PUSH_TEXTS,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferencesInput,
  type PushSubscriptionInput,
} from '@wallet/shared/contracts';
import { fail, ok, validationFailed } from './envelopes';
import { server } from './server';

/** A VAPID public key as GET /push/key gives one: a P-256 point, 65 bytes, base64url. */
export const TEST_VAPID_KEY = `B${'A'.repeat(86)}`;

/** The push services the API sends to (docs/decisions/notifications.md, "Subscribing"), by host name. */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /\.push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /\.push\.apple\.com$/,
];

function acceptsEndpoint(endpoint: string) {
  const url = new URL(endpoint);
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICES.some((service) => service.test(url.hostname));
}

function refuse(code: keyof typeof PUSH_ERRORS) {
  return fail(PUSH_ERRORS[code].status, PUSH_ERRORS[code].message, undefined, code);
}

/** Every kind at its default but those given. */
function withDefaults(chosen: Partial<Record<NotificationKind, Partial<NotificationPreference>>>) {
  return NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_PREFERENCE, ...chosen[kind] }));
}

/**
 * The person's notification settings and this browser's subscription in memory, answering as the
 * API does, each answer checked against its contract: GET and PUT /notifications/preferences
 * (every kind, `chosen` or by default, and the browsers subscribed), GET /push/key, POST
 * /push/subscriptions (refusing an endpoint on no browser maker's push service) and DELETE (404
 * for an endpoint not subscribed). `puts` holds each PUT's body, `subscribed` the subscriptions
 * kept (this browser's, as given at the start), `others` the person's other browsers.
 */
export function pushApi({
  chosen = {},
  subscribed = [],
  others = 0,
  publicKey = TEST_VAPID_KEY,
}: {
  chosen?: Partial<Record<NotificationKind, Partial<NotificationPreference>>>;
  subscribed?: PushSubscriptionInput[];
  others?: number;
  publicKey?: string;
} = {}) {
  const state = {
    preferences: withDefaults(chosen),
    puts: [] as NotificationPreferencesInput[],
    subscribed: subscribed.map((each) => pushSubscriptionInputSchema.parse(each)),
    others,
  };
  const answer = () =>
    ok(notificationPreferencesSchema, {
      preferences: state.preferences,
      subscriptions: state.others + state.subscribed.length,
    });
  server.use(
    http.get('*/api/v1/notifications/preferences', () => answer()),
    http.put('*/api/v1/notifications/preferences', async ({ request }) => {
      const input = notificationPreferencesInputSchema.safeParse(await request.json());
      if (!input.success) return validationFailed(input.error);
      state.puts.push(input.data);
      const changed = new Map(input.data.preferences.map((choice) => [choice.kind, choice]));
      state.preferences = state.preferences.map((choice) => changed.get(choice.kind) ?? choice);
      return answer();
    }),
    http.get('*/api/v1/push/key', () => ok(pushKeySchema, { publicKey })),
    http.post('*/api/v1/push/subscriptions', async ({ request }) => {
      const input = pushSubscriptionInputSchema.safeParse(await request.json());
      if (!input.success) return validationFailed(input.error);
      if (!acceptsEndpoint(input.data.endpoint)) return refuse('PUSH_ENDPOINT_REFUSED');
      state.subscribed = [...state.subscribed.filter((kept) => kept.endpoint !== input.data.endpoint), input.data];
      return ok(z.null(), null, { status: 201, message: PUSH_TEXTS.subscribed });
    }),
    http.delete('*/api/v1/push/subscriptions', async ({ request }) => {
      const { endpoint } = pushUnsubscribeInputSchema.parse(await request.json());
      if (!state.subscribed.some((kept) => kept.endpoint === endpoint)) return refuse('PUSH_SUBSCRIPTION_NOT_FOUND');
      state.subscribed = state.subscribed.filter((kept) => kept.endpoint !== endpoint);
      return ok(z.null(), null, { message: PUSH_TEXTS.unsubscribed });
    }),
  );
  return state;
}
