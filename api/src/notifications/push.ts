import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS, type PushMessage } from '@wallet/shared/contracts';

/** The operator's VAPID key pair and contact (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The push services a subscription may name, by host: the browsers' own (Chrome's FCM, Firefox's
 * Mozilla autopush, Edge's Windows Push Notification Services, Safari's Apple Push). Anything else
 * (another host, an address, another port, plain http) is refused: the API would otherwise post to
 * whatever URL a client gave it.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
];

/**
 * Whether the API sends to `endpoint`: https, a push service of the list, by name, on 443, with no
 * credentials; or the test push service's origin (PUSH_TEST_SERVICE, refused in production).
 */
export function acceptsEndpoint(endpoint: string, testService?: string) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (testService && url.origin === new URL(testService).origin) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    !ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, '')) &&
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}

/**
 * The DNS lookup a push request connects with: a name that resolves to an address that is not
 * public (loopback, private, link-local...) is refused, whatever the allow-list said of the name.
 */
export function publicOnlyLookup(
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const hidden = list.find((entry) => ipaddr.process(entry.address).range() !== 'unicast');
    if (hidden)
      return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'ENOTPUBLIC' }), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

/** A subscription as stored: its endpoint and the browser's keys. */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push service answered: delivered, gone for good (404, 410), or worth another try later. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends one message: encrypted for the browser alone (aes128gcm, RFC 8291) and signed with the
 * VAPID key (RFC 8292) by web-push, with a TTL of at most an hour, then posted with Node's own
 * client under a timeout and the public-address lookup.
 */
export async function sendPush(
  subscription: StoredSubscription,
  message: PushMessage,
  vapid: VapidKeys,
  testService?: string,
): Promise<{ outcome: PushOutcome; status?: number }> {
  if (!acceptsEndpoint(subscription.endpoint, testService)) return { outcome: 'refused' };
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      vapidDetails: vapid,
    },
  );
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  const status = await new Promise<number | undefined>((resolve) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: REQUEST_TIMEOUT_MS,
        ...(client === https ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', () => resolve(undefined));
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', () => resolve(undefined));
    request.end(details.body);
  });
  if (status !== undefined && status >= 200 && status < 300) return { outcome: 'sent', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  // Throttled, a server's error, or no answer: later. Another client error will not get better.
  if (status === undefined || status === 429 || status >= 500) return { outcome: 'retry', status };
  return { outcome: 'refused', status };
}

/**
 * The embedded database's VAPID key pair, made once into DATA_DIR/vapid-keys.json (readable by
 * the owner alone) and read from there ever after, as the PIN secret is. On DATABASE_URL the keys
 * come from the environment (config.ts requires them).
 */
export async function embeddedVapidKeys(dataDir: string): Promise<Omit<VapidKeys, 'subject'>> {
  const at = path.resolve(dataDir, 'vapid-keys.json');
  const read = async () => JSON.parse(await readFile(at, 'utf8')) as Omit<VapidKeys, 'subject'>;
  try {
    return await read();
  } catch {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    await writeFile(at, `${JSON.stringify({ publicKey, privateKey })}\n`, { mode: 0o600, flag: 'wx' }).catch(
      async () => undefined,
    );
    return read();
  }
}

/** A key pair for an app built without one (tests, benchmarks). */
export function freshVapidKeys() {
  return webpush.generateVAPIDKeys();
}
