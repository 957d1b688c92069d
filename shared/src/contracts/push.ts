import { z } from 'zod';
import { idSchema } from './common';
import { notificationKindSchema } from './notifications';
import { says } from './validation';

/**
 * Web Push (issue 46): a browser's subscription (the standard PushSubscription JSON) is kept per
 * person and per browser; each notification a person wants pushed leaves from an outbox after its
 * transaction committed, signed with the operator's VAPID key and encrypted (aes128gcm) for that
 * browser alone. The message says only what kind of thing happened, the amount and an id: no
 * balance, no name. The site's service worker words it in the person's language and fetches the
 * details, signed in, once it is clicked.
 */
export const PUSH_SUBSCRIPTIONS_PATH = '/push/subscriptions';
/** GET: the VAPID public key a browser subscribes with (applicationServerKey). */
export const PUSH_KEY_PATH = '/push/key';
/** GET and PUT: which kinds are pushed and which mailed. */
export const NOTIFICATION_PREFERENCES_PATH = '/notifications/preferences';

/** How long a push service keeps a message for a browser that is offline: at most an hour. */
export const PUSH_TTL_SECONDS = 3600;

/** A P-256 public key (65 bytes) and an auth secret (16 bytes), base64url without padding. */
const base64url = (bytes: number) =>
  z
    .string({ error: says('required') })
    .regex(/^[A-Za-z0-9_-]+$/, { error: says('base64url') })
    .length(Math.ceil((bytes * 4) / 3), { error: says('base64url') });

/**
 * POST /push/subscriptions: `PushSubscription.toJSON()` as the browser gives it. The endpoint must
 * be https, on a push service we send to (FCM, Mozilla, Windows, Apple), by name, on port 443.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: says('required') })
    .max(1024, { error: says('atMostCharacters', { max: 1024 }) })
    .pipe(z.url({ error: says('invalidUrl') })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /push/subscriptions: this browser's, by its endpoint. */
export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string({ error: says('required') }).max(1024, { error: says('atMostCharacters', { max: 1024 }) }),
});

export const pushKeySchema = z.object({ publicKey: z.string() });

/** What a push message carries, and nothing more; the service worker reads it. */
export const pushMessageSchema = z.object({
  kind: notificationKindSchema,
  /** Taka, for a money notification or a request; else null. */
  amount: z.number().nullable(),
  /** The notification's id: the page it opens reads the rest, signed in. */
  id: idSchema,
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** Each kind's choice: pushed to the person's browsers, mailed as a receipt. */
export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  push: z.boolean({ error: says('trueOrFalse') }),
  mail: z.boolean({ error: says('trueOrFalse') }),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /notifications/preferences: every kind, with the browsers subscribed now. */
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  /** How many of the person's browsers receive pushes. */
  subscriptions: z.number().int(),
});

/** PUT /notifications/preferences: the kinds to change (others stay as they are). */
export const notificationPreferencesInputSchema = z
  .object({
    preferences: z
      .array(notificationPreferenceSchema)
      .min(1, { error: says('required') })
      .max(50, { error: says('atMostItems', { max: 50 }) })
      .refine((choices) => new Set(choices.map((choice) => choice.kind)).size === choices.length, {
        error: says('kindTwice'),
      }),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** By default every kind is pushed (once a browser is subscribed) and none is mailed. */
export const DEFAULT_PREFERENCE = { push: true, mail: false } as const;

export const PUSH_TEXTS = {
  subscribed: 'This browser will receive notifications',
  unsubscribed: 'This browser will no longer receive notifications',
  key: 'Push key retrieved',
  preferences: 'Notification settings retrieved',
  saved: 'Notification settings saved',
} as const;

export const PUSH_ERRORS = {
  PUSH_ENDPOINT_REFUSED: {
    status: 400,
    message: 'Notifications can be sent only through a browser maker’s push service',
  },
  PUSH_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'This browser is not subscribed' },
} as const;
