import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { DEFAULT_MAX_TRANSACTION_TAKA } from '@wallet/shared/contracts';
import { PROTECTED_AREA_NAMES } from '@wallet/shared/areas';
import { parseReleaseOrigins } from './site/release-origins';
import { isLoopbackHost } from './lib/loopback';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

export const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  /**
   * The schema's owner (PostgreSQL): migrations and the ledger's SQL run as it, and it grants the
   * role of DATABASE_URL what the API needs, and nothing that alters a table or a trigger.
   */
  DATABASE_OWNER_URL: z.string().optional(),
  /**
   * The standbys (a replicated cluster's read port): statements, analytics, history lists,
   * searches and the audit log read there, once the standby has caught up with the leader
   * (read-your-writes), else on the leader. Unset: every read on DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().optional(),
  /** How long such a read waits for a standby to catch up before it runs on the leader instead. */
  DATABASE_READ_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  /** No statement runs longer, no lock is waited on longer, no transaction sits idle longer. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).default(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATA_DIR: z.string().default('.data'),
  /** Where released front ends live (shared storage when several instances serve them). */
  RELEASES_DIR: z.string().optional(),
  /** A token the release commands may present instead of an admin session (stored hashed). */
  DEPLOY_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  PUBLIC_URL: z.url().optional(),
  /**
   * Whether a staff member's password alone opens the admin area: `required` (the default with
   * DATABASE_URL) asks every staff sign-in for a passkey; `optional` (the embedded database's
   * default) asks it only of members who have one.
   */
  STAFF_SECOND_FACTOR: z.enum(['required', 'optional']).optional(),
  /**
   * Whether money's rules and large or old reversals need two staff members: `required` (the
   * default with DATABASE_URL) makes a fee or limit change, and a reversal above 5,000 Taka or of a
   * transfer older than 7 days, a proposal that another staff member approves; `optional` (the
   * embedded database's default) applies them at once, audited as single-approved.
   */
  SECOND_APPROVAL: z.enum(['required', 'optional']).optional(),
  /**
   * Registration bonuses let out of their hold in one Asia/Dhaka day, for the whole site, in Taka
   * (the bonus is held until identity is approved; past the budget it waits for a day with room).
   * 0 lets none out.
   */
  BONUS_DAILY_BUDGET: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
  /**
   * The origins releases may be loaded from (comma- or space-separated): https, or http on
   * loopback; no wildcard. Unset: the site's own origin only.
   */
  RELEASE_ORIGINS: z.string().optional(),
  /**
   * Role areas the checkout's builds leave unpublished at start (comma-separated registry names,
   * e.g. `merchant`): the site runs without them until `pnpm release <area>` publishes one. The
   * host and the public area are the site itself and cannot be skipped.
   */
  SKIP_AREAS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(PROTECTED_AREA_NAMES))),
  /** Wrong deploy-token attempts per address in 15 minutes, past which every bearer attempt from it is 429. */
  DEPLOY_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Public payment-link lookups (GET /links/{code}) per address per RATE_LIMIT_WINDOW: a page's views, not a guesser's. */
  PAYMENT_LINK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Client reports (page views, errors) per address per RATE_LIMIT_WINDOW. */
  CLIENT_REPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** A rollout to a share of visitors is rolled back when, past this many page views, its error rate */
  ROLLBACK_MIN_VIEWS: z.coerce.number().int().min(1).default(200),
  /** ...and the distinct client networks (IPv4 addresses, IPv6 /64s) that must have reported it. */
  ROLLBACK_MIN_NETWORKS: z.coerce.number().int().min(1).default(5),
  /** is more than this many times the live release's over the same time. */
  ROLLBACK_ERROR_RATIO: z.coerce.number().positive().default(2),
  /** How often rollouts are checked, and how often each instance writes what it counted. */
  ROLLOUT_CHECK_SECONDS: z.coerce.number().int().min(1).default(30),
  RELEASE_STATS_FLUSH_SECONDS: z.coerce.number().int().min(1).default(5),
  /**
   * The key of the wallet PINs' keyed hash (HMAC-SHA256), the same on every instance and never in
   * the database. The embedded database makes one in DATA_DIR/pin-secret.
   */
  PIN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /**
   * The key of the tokens a page's client reports carry (an HMAC over its releases, its bucket and
   * the time), the same on every instance; never PIN_SECRET. The embedded database makes one in
   * DATA_DIR/client-report-secret.
   */
  CLIENT_REPORT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Earlier PIN secrets, comma-separated, while the hashes made under them move to PIN_SECRET. */
  PIN_SECRET_PREVIOUS: list,
  /**
   * The operator's VAPID key pair (web-push generate-vapid-keys), which signs every Web Push
   * message; the same on every instance, as browsers subscribe with the public key. The embedded
   * database makes one in DATA_DIR/vapid-keys.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a P-256 public key, base64url (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key, base64url (43 characters)' })
    .optional(),
  /** The operator's contact the push services see (mailto: or https:); PUBLIC_URL when https, else MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: address' })
    .optional(),
  /**
   * Tests only: the origin of a local test push service (web-push-testing), admitted beside the
   * browsers' own push services. Refused with NODE_ENV=production.
   */
  PUSH_TEST_SERVICE: z.url().optional(),
  /** How often each instance's notification outbox looks for messages to push or mail. */
  NOTIFICATION_OUTBOX_EVERY_MS: z.coerce.number().int().min(100).default(2000),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const trimmed = value.trim();
      if (trimmed === 'false') return false;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const addresses = trimmed
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (
        trimmed === 'true' ||
        addresses.length === 0 ||
        addresses.some((item) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))
      ) {
        context.addIssue({
          code: 'custom',
          message:
            'must be false, the number of proxies in front of the API, or a comma-separated list of proxy addresses (true would trust any X-Forwarded-For a client sends)',
        });
        return z.NEVER;
      }
      return addresses;
    }),
  CORS_ORIGINS: list,
  /**
   * Under pressure, every request but liveness and /metrics is answered 503 with Retry-After, so a
   * proxy sends it elsewhere: when the event loop's mean delay over a second passes this (0: off;
   * default 1000 on PostgreSQL, off on the embedded database, which runs its queries on this very
   * event loop and has no other instance to send anyone to), or the heap in use passes this many
   * bytes (default: 90% of the heap's limit; 0: off).
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  PRESSURE_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).optional(),
  /**
   * On SIGTERM, readiness answers 503 at once and the instance keeps serving this long, so the
   * proxy's health check takes it out of rotation before it stops accepting; then it finishes
   * what is in flight and exits. Default 5000 on PostgreSQL (several instances behind a proxy),
   * 0 on the embedded database (one instance, stopped by hand).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  /** Live-event streams one instance holds at most, everyone's (5 per person, whatever this says). */
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).default(2000),
  /**
   * Live-event streams one instance holds at most from one network (an IPv4 address, or an IPv6
   * /64), so that accounts made for the purpose cannot fill EVENT_STREAMS_MAX from one place. Many
   * people share an address behind a carrier's NAT: the default leaves room for them.
   */
  EVENT_STREAMS_PER_NETWORK: z.coerce.number().int().min(1).default(100),
  /** Lets a scraper off this machine read GET /metrics (Authorization: Bearer); loopback needs none. */
  METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  MAX_TRANSACTION_AMOUNT: z.coerce.number().positive().default(DEFAULT_MAX_TRANSACTION_TAKA),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Per person per window: statements (each reads a range of the ledger), analytics, and history searched by name. */
  STATEMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ANALYTICS_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  HISTORY_SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  GOOGLE_START_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Password hashes computed at once (Argon2id, 19 MiB each, on libuv's threads), and how many may wait. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Of those waiting, at most this many from one address: one client cannot fill the queue. */
  PASSWORD_HASH_QUEUE_PER_ADDRESS: z.coerce.number().int().min(0).default(2),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).default(20),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  SITE_ROOT: z.string().optional(),
  /**
   * The site's service worker (/sw.js): `on`, or `off`, the kill switch, which serves in its place
   * a worker that removes itself from every browser that had it, at that browser's next page load.
   */
  SERVICE_WORKER: z.enum(['on', 'off']).default('on'),
  /** Where mail goes out (smtp:// or smtps://, credentials in the URL). Required with DATABASE_URL. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Digital Wallet <no-reply@wallet.localhost>'),
  /** Verification links one person may ask for again, per hour. */
  VERIFICATION_RESEND_LIMIT: z.coerce.number().int().min(1).default(3),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable (DATABASE_URL= in a .env file) means "not set".
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Mail that cannot leave must never look sent: only the embedded database (development) may
  // keep it in an outbox on the page /dev/mail.
  if (e.DATABASE_URL && !e.SMTP_URL) {
    throw new Error(
      'Invalid configuration: SMTP_URL is required with DATABASE_URL (verification links are mailed; the development outbox exists only on the embedded database)',
    );
  }
  if (e.DATABASE_URL && !e.PIN_SECRET) {
    throw new Error(
      'Invalid configuration: PIN_SECRET is required with DATABASE_URL (every instance must hash wallet PINs with the same secret, kept out of the database)',
    );
  }
  if (e.DATABASE_URL && !e.CLIENT_REPORT_SECRET) {
    throw new Error(
      'Invalid configuration: CLIENT_REPORT_SECRET is required with DATABASE_URL (every instance must sign and check the report tokens of the pages any of them wrote)',
    );
  }
  if (e.DATABASE_URL && !(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with DATABASE_URL (every instance signs Web Push with the key browsers subscribed with: npx web-push generate-vapid-keys)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair: set both or neither');
  }
  if (e.PUSH_TEST_SERVICE && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: PUSH_TEST_SERVICE is for tests only, never with NODE_ENV=production');
  }
  if (e.CLIENT_REPORT_SECRET && [e.PIN_SECRET, ...e.PIN_SECRET_PREVIOUS].includes(e.CLIENT_REPORT_SECRET)) {
    throw new Error(
      'Invalid configuration: CLIENT_REPORT_SECRET must not be a PIN secret (a page would carry proofs made with the key of every PIN)',
    );
  }
  let releaseOrigins: string[];
  try {
    releaseOrigins = e.RELEASE_ORIGINS
      ? parseReleaseOrigins(e.RELEASE_ORIGINS)
      : [new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin];
  } catch (error) {
    throw new Error(`Invalid configuration: RELEASE_ORIGINS ${(error as Error).message}`, { cause: error });
  }
  // A site others reach (its address not this machine's) mails for real: the outbox would keep
  // every verification link where no one is meant to look.
  if (e.PUBLIC_URL && !e.SMTP_URL && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) {
    throw new Error(
      'Invalid configuration: SMTP_URL is required when PUBLIC_URL is not a loopback address (the development outbox is for http://localhost and http://127.0.0.1 alone)',
    );
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new Error('Invalid configuration: PUBLIC_URL is required with SMTP_URL (the links in mail point to it)');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadWaitMs: e.DATABASE_READ_WAIT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    dataDir: e.DATA_DIR,
    releasesDir: e.RELEASES_DIR ?? path.join(e.DATA_DIR, 'releases'),
    deployToken: e.DEPLOY_TOKEN,
    /** Where releases by URL may come from (RELEASE_ORIGINS, or the site's own origin). */
    releaseOrigins,
    /** The role areas whose checkout builds are not published at start (SKIP_AREAS). */
    skipAreas: e.SKIP_AREAS,
    /** When a rollout is rolled back by the system, how often that is checked, how often counts are written. */
    rollouts: {
      minViews: e.ROLLBACK_MIN_VIEWS,
      minNetworks: e.ROLLBACK_MIN_NETWORKS,
      ratio: e.ROLLBACK_ERROR_RATIO,
      checkMs: e.ROLLOUT_CHECK_SECONDS * 1000,
      flushMs: e.RELEASE_STATS_FLUSH_SECONDS * 1000,
    },
    /** The PIN secrets, the current one first; empty until the embedded database's start makes one. */
    pinSecrets: [e.PIN_SECRET, ...e.PIN_SECRET_PREVIOUS].filter((secret): secret is string => Boolean(secret)),
    clientReportSecret: e.CLIENT_REPORT_SECRET,
    /** The VAPID key pair and contact; the keys are filled at start on the embedded database. */
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: vapidSubject(e) }
        : undefined,
    vapidSubject: vapidSubject(e),
    pushTestService: e.PUSH_TEST_SERVICE,
    outboxEveryMs: e.NOTIFICATION_OUTBOX_EVERY_MS,
    publicUrl: e.PUBLIC_URL,
    /** A passkey (or a recovery code) after the password, for every staff member or only for those who have one. */
    staffSecondFactor: e.STAFF_SECOND_FACTOR ?? (e.DATABASE_URL ? 'required' : 'optional'),
    /** Two staff members for a change of money's rules and a large or old reversal, or one. */
    secondApproval: e.SECOND_APPROVAL ?? (e.DATABASE_URL ? 'required' : 'optional'),
    /**
     * Only behind reverse proxies: how many hops (or which addresses) to trust, so the client's
     * address is the right-most X-Forwarded-For entry no trusted proxy wrote, never one the client chose.
     */
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    metricsToken: e.METRICS_TOKEN,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    eventStreamsPerNetwork: e.EVENT_STREAMS_PER_NETWORK,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL ? 5000 : 0),
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1000 : 0),
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_USED_BYTES ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    },
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    maxTransactionTaka: e.MAX_TRANSACTION_AMOUNT,
    /** BONUS_DAILY_BUDGET, in poisha. */
    bonusDailyBudget: BigInt(e.BONUS_DAILY_BUDGET) * 100n,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600 * 1000,
    maxSessionsPerUser: e.MAX_SESSIONS_PER_USER,
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      loginPerAddress: e.LOGIN_ADDRESS_RATE_LIMIT,
      register: e.REGISTER_RATE_LIMIT,
      search: e.SEARCH_RATE_LIMIT,
      statement: e.STATEMENT_RATE_LIMIT,
      analytics: e.ANALYTICS_RATE_LIMIT,
      historySearch: e.HISTORY_SEARCH_RATE_LIMIT,
      googleStart: e.GOOGLE_START_RATE_LIMIT,
      deployToken: e.DEPLOY_TOKEN_RATE_LIMIT,
      clientReports: e.CLIENT_REPORT_RATE_LIMIT,
      paymentLinks: e.PAYMENT_LINK_RATE_LIMIT,
      window: e.RATE_LIMIT_WINDOW,
    },
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      queue: e.PASSWORD_HASH_QUEUE,
      perOwner: e.PASSWORD_HASH_QUEUE_PER_ADDRESS,
    },
    siteRoot: e.SITE_ROOT,
    serviceWorker: e.SERVICE_WORKER,
    mail: {
      /** Unset: the development outbox (embedded database only, checked above). */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** Where links in mail point: the public site, or this instance on a developer's machine. */
      siteUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      resendPerHour: e.VERIFICATION_RESEND_LIMIT,
    },
    /** Google sign-in needs the client, its secret and the site's public URL (for the callback). */
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.PUBLIC_URL
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER,
            publicUrl: e.PUBLIC_URL,
          }
        : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** The VAPID contact: VAPID_SUBJECT, or PUBLIC_URL when it is https, or MAIL_FROM's address. */
function vapidSubject(e: { VAPID_SUBJECT?: string; PUBLIC_URL?: string; MAIL_FROM: string }) {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  if (e.PUBLIC_URL?.startsWith('https://')) return new URL(e.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
