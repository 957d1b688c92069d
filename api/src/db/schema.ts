import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  AUDIT_ACTIONS,
  DISPUTE_STATUSES,
  KYC_CHECKS,
  KYC_STATUSES,
  LIMIT_HOLDERS,
  type LimitChange,
  ENTRY_KINDS,
  type FeeChange,
  LANGUAGES,
  NOTIFICATION_KINDS,
  ROLES,
  STAFF_ROLES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@wallet/shared/contracts';

/**
 * The typed outcome of a money movement (the composite type movement_outcome, made by a
 * migration; ledger_move returns it and stores it with the Idempotency-Key). Read back as text:
 * only the database function reads it.
 */
const movementOutcome = customType<{ data: string; driverData: string }>({ dataType: () => 'movement_outcome' });

const poisha = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`clock_timestamp()`);

export const roleEnum = pgEnum('role', ROLES);
export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);
export const accountKindEnum = pgEnum('account_kind', ['WALLET', 'SYSTEM']);
export const transactionTypeEnum = pgEnum('transaction_type', TRANSACTION_TYPES);
export const transactionStatusEnum = pgEnum('transaction_status', TRANSACTION_STATUSES);
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);
export const kycStatusEnum = pgEnum('kyc_status', KYC_STATUSES);
export const kycCheckEnum = pgEnum('kyc_check', KYC_CHECKS);
export const approvalKindEnum = pgEnum('approval_kind', APPROVAL_KINDS);
/** A pending proposal past its time reads as expired, and is stored so when the next one for its subject comes. */
export const approvalStateEnum = pgEnum('approval_state', APPROVAL_STATUSES);
export const disputeStatusEnum = pgEnum('dispute_status', DISPUTE_STATUSES);
export const limitHolderEnum = pgEnum('limit_holder', LIMIT_HOLDERS);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
/** A request as stored; an open one past its expires_at reads as expired (REQUEST_STATUSES). */
export const requestStatusEnum = pgEnum('request_status', ['open', 'paid', 'declined', 'cancelled']);
/** How a notification leaves the wallet after its commit: pushed to a browser, or mailed as a receipt. */
export const outboxChannelEnum = pgEnum('outbox_channel', ['push', 'mail']);
/**
 * What an entry moves: the movement's amount, its fee (payer to FEE_REVENUE), or an agent's
 * commission (to the agent: a cash-out's from FEE_REVENUE, a cash-in's from COMMISSION_FLOAT).
 * Each kind nets to zero within its transaction.
 */
export const entryKindEnum = pgEnum('entry_kind', ENTRY_KINDS);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored lower-cased, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    /** Null for an account that only signs in through an identity provider. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('USER'),
    /** False for a suspended agent. */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * A staff member's (an ADMIN's) roles (shared/src/contracts/staff.ts): what each admin route
     * asks for. Empty for users and agents. DEPLOYER among them publishes and switches releases.
     */
    staffRoles: staffRoleEnum('staff_roles')
      .array()
      .notNull()
      .default(sql`'{}'::staff_role[]`),
    /** When the person last signed in (any way): the Staff screen shows it. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** When the person proved they receive mail at `email` (a link opened, or Google vouched); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** When an admin approved the person's identity review (KYC); null until then. */
    kycApprovedAt: timestamp('kyc_approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * The wallet PIN, as pin_digest makes it (api/src/identity/sql/pin_digest.sql): SHA-256 over its
     * keyed hash under PIN_SECRET and the person's id; never the digits. With the id of the key.
     */
    pinHash: text('pin_hash'),
    pinKeyId: text('pin_key_id'),
    pinSetAt: timestamp('pin_set_at', { withTimezone: true, mode: 'date' }),
    /** Wrong PINs in a row since the last right one (3 lock it), and until when it is locked. */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true, mode: 'date' }),
    /**
     * When a forgotten PIN was last reset with a mailed code: money cannot leave the wallet for
     * PIN_RESET_HOLD_HOURS after it (ledger_move refuses PIN_RESET_HOLD); incoming money arrives.
     */
    pinResetAt: timestamp('pin_reset_at', { withTimezone: true, mode: 'date' }),
    /** The language chosen on the profile, null until one is; when, so the later of it and a cookie's wins. */
    language: text('language', { enum: LANGUAGES }),
    languageChosenAt: timestamp('language_chosen_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the owner of the address closed an account they never made ("I did not sign up" on the
     * verify page): its name cleared, its email freed, its bonus returned, its ways in removed.
     * The row stays, as the ledger and the audit log refer to it.
     */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Unread notifications of a person without a wallet (staff); a wallet's owner's are counted on
     * the wallet (accounts.unread_notifications), where a movement writes anyway. See
     * api/src/notifications/README.md.
     */
    unreadNotifications: integer('unread_notifications').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_unread_notifications_chk', sql`${t.unreadNotifications} >= 0`),
    check(
      'users_pin_chk',
      sql`(${t.pinHash} is null) = (${t.pinKeyId} is null) and (${t.pinHash} is null) = (${t.pinSetAt} is null)
          and ${t.pinFailures} between 0 and 3`,
    ),
    // Serves the admin lists' keyset order (newest first) within a role.
    index('users_role_created_id_idx').on(t.role, t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_email_lower_chk', sql`${t.email} = lower(${t.email})`),
    check('users_staff_roles_admin_chk', sql`cardinality(${t.staffRoles}) = 0 or ${t.role} = 'ADMIN'`),
    check(
      'users_language_chk',
      sql`(${t.language} is null or ${t.language} in ('en', 'bn')) and (${t.language} is null) = (${t.languageChosenAt} is null)`,
    ),
  ],
);

/**
 * Ledger accounts: one WALLET per user who holds money, and SYSTEM accounts (bank settlement,
 * bonus expense) that stand for money entering or leaving the wallet system and may go negative.
 *
 * A wallet's `balance` and `entry_count` are kept by the database as entries are posted (a
 * trigger on ledger_entries); nothing else may change them. A SYSTEM account keeps no running
 * balance (always 0 here): every deposit and every registration would otherwise queue on its one
 * row. Its balance is the sum of its entries (the `account_balances` view). One system account
 * does: COMMISSION_FLOAT, which pays cash-in commissions and must never go below zero, so a
 * cash-in reads and locks its balance (after the wallets'; sql/ledger_post.sql).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: accountKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    code: text('code'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** Entries posted to a wallet: the number of transactions in its owner's history. */
    entryCount: bigint('entry_count', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    /**
     * The part of a wallet's balance that cannot leave it (poisha): the registration bonus, until
     * staff approve the person's identity and a day's bonus budget has room (sql/bonus_release.sql).
     * Set by the bonus's posting and cleared only by its release or its return, inside the ledger's
     * functions; the database holds it within the balance, so money that is held never moves.
     */
    held: bigint('held', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The owner's unread notifications: moved by the posting trigger in the UPDATE that moves the
     * balance (no other row is written or locked for it), by the notices of the owner's account
     * (notify_person) and by marking read. A counter, never a count of rows.
     */
    unreadNotifications: integer('unread_notifications').notNull().default(0),
    /**
     * Whether anything may leave by the outbox for the owner's notices: a browser subscribed, or a
     * kind mailed. Kept by triggers on push_subscriptions and notification_preferences
     * (notifications_outbox.sql); read by the posting from the row it updates anyway, so a
     * movement of people who chose neither (most) never touches the outbox's tables.
     */
    outboxWanted: boolean('outbox_wanted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounts_unread_notifications_chk', sql`${t.unreadNotifications} >= 0`),
    uniqueIndex('accounts_user_id_key').on(t.userId),
    check(
      'accounts_held_chk',
      sql`${t.held} = 0 OR (${t.kind} = 'WALLET' AND ${t.held} > 0 AND ${t.balance} >= ${t.held})`,
    ),
    /** The wallets that hold money back: the release's sweep and the metrics read only these. */
    index('accounts_held_idx')
      .on(t.id)
      .where(sql`${t.held} > 0`),
    check(
      'accounts_system_no_running_balance_chk',
      sql`${t.kind} = 'WALLET' OR ${t.code} = 'COMMISSION_FLOAT' OR (${t.balance} = 0 AND ${t.entryCount} = 0)`,
    ),
    /** The commission float pays only what it holds: a commission it cannot cover is not paid. */
    check('accounts_commission_float_chk', sql`${t.code} IS DISTINCT FROM 'COMMISSION_FLOAT' OR ${t.balance} >= 0`),
    uniqueIndex('accounts_code_key').on(t.code),
    check('accounts_wallet_balance_non_negative_chk', sql`${t.kind} = 'SYSTEM' OR ${t.balance} >= 0`),
    check(
      'accounts_owner_chk',
      sql`(${t.kind} = 'WALLET' AND ${t.userId} IS NOT NULL AND ${t.code} IS NULL) OR (${t.kind} = 'SYSTEM' AND ${t.userId} IS NULL AND ${t.code} IS NOT NULL)`,
    ),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: transactionTypeEnum('type').notNull(),
    status: transactionStatusEnum('status').notNull().default('completed'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * The payer's fee (poisha), posted as entries of its own to FEE_REVENUE, never netted into the
     * amount; and the agent's commission, paid from FEE_REVENUE (a cash-out's) or COMMISSION_FLOAT
     * (a cash-in's, 0 when the float could not cover it). Zero where there is none.
     */
    fee: bigint('fee', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    commission: bigint('commission', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A reversal's original transfer (at most one reversal each; a reversal is never reversed). */
    reverses: uuid('reverses').references((): AnyPgColumn => transactions.id),
    /** Null where the party is the system (the bank for a deposit, the bonus account). */
    senderUserId: uuid('sender_user_id').references(() => users.id),
    receiverUserId: uuid('receiver_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('transactions_amount_positive_chk', sql`${t.amount} > 0`),
    check('transactions_fee_chk', sql`${t.fee} >= 0 and ${t.commission} >= 0`),
    check('transactions_reverses_chk', sql`(${t.type}::text = 'reversal') = (${t.reverses} is not null)`),
    // A transfer is reversed at most once, whatever code writes.
    // Partial: a movement that reverses nothing adds no entry to it.
    uniqueIndex('transactions_reverses_key')
      .on(t.reverses)
      .where(sql`${t.reverses} is not null`),
    // One index per list order: each history half and the admin list are read newest first by
    // (created_at, id), keyset-paged, straight off the index.
    index('transactions_sender_created_id_idx').on(t.senderUserId, t.createdAt, t.id),
    index('transactions_receiver_created_id_idx').on(t.receiverUserId, t.createdAt, t.id),
    index('transactions_created_id_idx').on(t.createdAt, t.id),
    // The same orders within one type (the history filters). The admin's ends with the amount, so
    // the per-day analytics read the index alone, one range per type.
    index('transactions_sender_type_created_id_idx').on(t.senderUserId, t.type, t.createdAt, t.id),
    index('transactions_receiver_type_created_id_idx').on(t.receiverUserId, t.type, t.createdAt, t.id),
    index('transactions_type_created_id_idx').on(t.type, t.createdAt, t.id, t.amount),
    uniqueIndex('transactions_one_bonus_per_user_key')
      .on(t.receiverUserId)
      .where(sql`${t.type} = 'bonus'`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /**
     * The entry's transaction and account. Not declared as foreign keys: a key is checked per row
     * (two lookups, and a KEY SHARE lock on the account's row, for each of a movement's up to six
     * entries, with the fee revenue account's row shared by every movement that has a fee); the
     * posting trigger (api/src/ledger/sql/ledger_entries_post.sql) checks both once per INSERT, and
     * neither a transaction nor an account is ever deleted (ledger_append_only).
     */
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Signed poisha: negative leaves the account, positive enters it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: entryKindEnum('kind').notNull().default('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero_chk', sql`${t.amount} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // A wallet's movements in time order: statements page through it, overview and analytics sum
    // a range of it without reading the table (the amount is in the index).
    index('ledger_entries_account_created_id_idx').on(t.accountId, t.createdAt, t.id, t.amount),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Absolute end of the session, however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last request seen (kept to the minute): a session unused for a day ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    /**
     * When Google asked the person to sign in again (prompt=login) to start this session: for 5
     * minutes after, a person with no password may set their wallet PIN with nothing more.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the Security page shows of it: the browser's User-Agent as it signed in (cut to 512
     * characters) and its network (the IPv4 address, or the IPv6 /64), null for sessions from
     * before they were kept.
     */
    userAgent: text('user_agent'),
    network: text('network'),
    /** When a passkey completed this session (signed in with one); null for a password's. */
    passkeyAt: timestamp('passkey_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_created_idx').on(t.userId, t.createdAt),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** What the movement answered, as ledger_move returned it: a replay answers it again. */
    outcome: movementOutcome('outcome').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A Google sign-in in flight: single use, short-lived, keyed by the hash of its state. */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Started to prove the person is at the keyboard now (prompt=login): Google must ask again. */
    reauth: boolean('reauth').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/**
 * A person's account at an identity provider, by the provider's issuer and its stable subject
 * id (never by email, which a provider may hand to someone else later).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's verified email when the identity was linked, for support only. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/** Fixed-window counters of the rate limits, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Every published release of an app (the host or an area's remote): immutable once written. Its
 * files are under RELEASES_DIR/<area>/<version>/, or it was registered by URL alone.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    /** A path on this site, or an absolute URL (a CDN, another origin). */
    manifestUrl: text('manifest_url').notNull(),
    createdAt: createdAt(),
    /** The deployer's email, or `token <name>`. */
    createdBy: text('created_by').notNull(),
    /** `self` (files on this site) or the origin of its URL, one of RELEASE_ORIGINS. */
    origin: text('origin').notNull().default('self'),
    /** The SRI hash of the script the host loads (remoteEntry.js; the host's index.html). */
    integrity: text('integrity'),
  },
  (t) => [
    uniqueIndex('releases_area_version_key').on(t.area, t.version),
    index('releases_area_created_idx').on(t.area, t.createdAt),
  ],
);

/**
 * The pre-rendered public pages of a release published by URL, fetched from its origin once, when
 * it is published (a release on this site keeps them in its folder). Immutable, like the release.
 */
export const releasePages = pgTable(
  'release_pages',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** The page's file name (`index`, `features`, ...: PRERENDERED_PAGES). */
    page: text('page').notNull(),
    html: text('html').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.language, t.page] })],
);

/**
 * The live release of each area: what every instance's /app-config.json points at; and the
 * release rolling out beside it, if any (its candidate): for a share of visitors (1 to 99
 * percent, by their browser's bucket) or for admins only (a preview).
 */
export const liveReleases = pgTable(
  'live_releases',
  {
    area: text('area').primaryKey(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    switchedAt: timestamp('switched_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    switchedBy: text('switched_by').notNull(),
    /** The release live before this one: where a rollback with no rollout goes. */
    previousReleaseId: uuid('previous_release_id').references(() => releases.id),
    candidateReleaseId: uuid('candidate_release_id').references(() => releases.id),
    candidateAudience: text('candidate_audience'),
    candidateShare: smallint('candidate_share'),
    candidateSince: timestamp('candidate_since', { withTimezone: true, mode: 'date' }),
    candidateBy: text('candidate_by'),
  },
  (t) => [
    check(
      'live_releases_candidate_chk',
      sql`case when ${t.candidateReleaseId} is null
            then ${t.candidateAudience} is null and ${t.candidateShare} is null and ${t.candidateSince} is null and ${t.candidateBy} is null
            else ${t.candidateReleaseId} <> ${t.releaseId} and ${t.candidateSince} is not null and ${t.candidateBy} is not null
                 and ((${t.candidateAudience} = 'share' and ${t.candidateShare} between 1 and 99)
                      or (${t.candidateAudience} = 'admins' and ${t.candidateShare} is null)) end`,
    ),
  ],
);

/** Every switch of a live release: who, when, from, to. */
export const releaseSwitches = pgTable(
  'release_switches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    fromReleaseId: uuid('from_release_id').references(() => releases.id),
    toReleaseId: uuid('to_release_id')
      .notNull()
      .references(() => releases.id),
    switchedBy: text('switched_by').notNull(),
    switchedAt: timestamp('switched_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** switch, rollout (to `share` percent, or a preview when null), promote, rollback, auto_rollback. */
    kind: text('kind').notNull().default('switch'),
    share: smallint('share'),
  },
  (t) => [
    index('release_switches_area_idx').on(t.area, t.switchedAt),
    check(
      'release_switches_kind_chk',
      sql`${t.kind} in ('switch', 'rollout', 'promote', 'rollback', 'auto_rollback')
          and (${t.share} is null or (${t.kind} = 'rollout' and ${t.share} between 1 and 99))`,
    ),
  ],
);

/**
 * Page views of each release and the client errors reported from it, per minute: each instance
 * counts in memory and adds its counts here every few seconds (site/release-stats.ts).
 */
export const releaseStats = pgTable(
  'release_stats',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    views: integer('views').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.minute] }),
    check('release_stats_counts_chk', sql`${t.views} >= 0 and ${t.errors} >= 0`),
  ],
);

/**
 * The same counts per client network (`clientNetwork`: an IPv4 address or an IPv6 /64, kept as an
 * HMAC of it under CLIENT_REPORT_SECRET, never the address): what the rollback rule counts, each
 * network's weight capped, so that one network's reports, however many, neither force nor block a
 * rollback (site/release-stats.ts).
 */
export const releaseNetworkStats = pgTable(
  'release_network_stats',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    network: text('network').notNull(),
    views: integer('views').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.minute, t.network] }),
    check('release_network_stats_counts_chk', sql`${t.views} >= 0 and ${t.errors} >= 0`),
  ],
);

/**
 * Deploy tokens, by their SHA-256 only: what the release commands present instead of a deployer's
 * session. Each is named, may release only its areas, expires, and records when it was last used;
 * a revoked one stays listed. The `startup` token (DEPLOY_TOKEN, or the one the embedded
 * database's site writes) is replaced at every start and may also manage the others.
 */
export const deployTokens = pgTable(
  'deploy_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    areas: text('areas').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('deploy_tokens_token_hash_key')
      .on(t.tokenHash)
      .where(sql`${t.revokedAt} is null`),
    // One usable token of a name at a time; revoked ones keep theirs, for the record.
    uniqueIndex('deploy_tokens_active_name_key')
      .on(t.name)
      .where(sql`${t.revokedAt} is null`),
    check('deploy_tokens_areas_chk', sql`cardinality(${t.areas}) > 0`),
    check('deploy_tokens_expiry_chk', sql`(${t.expiresAt} is null) = (${t.name} = 'startup')`),
    check('deploy_tokens_revoked_chk', sql`(${t.revokedAt} is null) = (${t.revokedBy} is null)`),
  ],
);

/**
 * Every admin action (approve, suspend, reactivate, block, unblock), written in the database
 * transaction of the action itself. Append-only: the database refuses UPDATE, DELETE, TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: auditActionEnum('action').notNull(),
    /** Who acted: an admin, the person (link_google), or nobody, the system (pin_lock). */
    adminId: uuid('admin_id').references(() => users.id),
    /** The person acted on: for block and unblock, the wallet's owner; none for a change of limits. */
    targetUserId: uuid('target_user_id').references(() => users.id),
    /** Set for block and unblock only. */
    walletId: uuid('wallet_id').references(() => accounts.id),
    /** Why, for actions that take a reason (a KYC decision). */
    reason: text('reason'),
    /** A change of limits: which row, and its figures before and after (poisha, as in the table). */
    change: jsonb('change').$type<LimitChange | FeeChange>(),
    /**
     * reverse: the reversal the admin made (its `reverses` names the transfer); dispute_reject: the
     * transfer reported; close_unclaimed: the bonus's return.
     */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /**
     * The OpenTelemetry trace of the request that acted, when traces are on: written by the API,
     * or, for rows the ledger's functions write, read from the transaction's `wallet.trace_id`.
     */
    traceId: text('trace_id').default(sql`nullif(current_setting('wallet.trace_id', true), '')`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'audit_log_actor_chk',
      sql`(${t.action}::text in ('pin_lock', 'release_auto_rollback', 'staff_sign_in_failed', 'close_unclaimed')) = (${t.adminId} is null)`,
    ),
    check(
      'audit_log_transaction_chk',
      sql`(${t.action}::text in ('reverse', 'dispute_reject', 'close_unclaimed', 'float_fund')) = (${t.transactionId} is not null)`,
    ),
    check(
      'audit_log_subject_chk',
      sql`case when ${t.action}::text in ('limit_change', 'fee_change') then ${t.targetUserId} is null and ${t.change} is not null
               when ${t.action}::text in ('release_auto_rollback', 'staff_invite', 'approval_propose', 'approval_approve', 'approval_reject', 'float_fund') then ${t.targetUserId} is null and ${t.reason} is not null
               else ${t.targetUserId} is not null and ${t.change} is null end`,
    ),
    index('audit_log_created_id_idx').on(t.createdAt, t.id),
    index('audit_log_action_created_id_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_admin_created_id_idx').on(t.adminId, t.createdAt, t.id),
  ],
);

/**
 * Which version of each file of the ledger's live SQL (api/src/ledger/sql) the database runs: a
 * file is applied again, after the migrations, whenever its text changes.
 */
export const ledgerDefinitions = pgTable('ledger_definitions', {
  file: text('file').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`clock_timestamp()`),
});

/**
 * Invitations of staff, mailed as a link to /staff-invite: only the token's SHA-256 is stored.
 * Each works once, for 72 hours; a new invitation of the same address replaces one not used yet
 * (one waiting per address). The member's account is made when they set a password with it.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-cased, as users' emails are. */
    email: text('email').notNull(),
    roles: staffRoleEnum('roles').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it was used, and the account it made. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('staff_invitations_waiting_email_key')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null`),
    check('staff_invitations_roles_chk', sql`cardinality(${t.roles}) > 0`),
    check('staff_invitations_email_lower_chk', sql`${t.email} = lower(${t.email})`),
    check('staff_invitations_accepted_chk', sql`(${t.acceptedAt} is null) = (${t.acceptedUserId} is null)`),
  ],
);

/**
 * Passkeys (WebAuthn credentials) people sign in with: the credential's id and COSE public key
 * (base64url), the authenticator's signature counter, and what the person named it. Only the
 * public key is here: a leak of this table signs nobody in.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** singleDevice or multiDevice (synced), and whether it is backed up, as the authenticator said. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_counter_chk', sql`${t.counter} >= 0`),
    check('passkeys_name_chk', sql`length(${t.name}) between 1 and 64`),
  ],
);

/**
 * WebAuthn challenges given out and not used yet, shared by every instance: a ceremony's answer
 * names its challenge (in clientDataJSON), which is taken once. A registration's belongs to the
 * signed-in person; a sign-in's to nobody yet. Five minutes each.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_chk', sql`${t.purpose} in ('register', 'login')`),
    check('webauthn_challenges_owner_chk', sql`(${t.purpose} = 'register') = (${t.userId} is not null)`),
  ],
);

/** A one-time code mailed to a person, one live code each: whose, its SHA-256, and when it ends. */
const mailedCode = () => ({
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * One-time codes mailed to a staff member who adds a passkey from a password session: proof that
 * they also hold the mailbox. Only the SHA-256 is stored; ten minutes, once, the newest only.
 */
export const passkeyCodes = pgTable('passkey_codes', mailedCode());

/**
 * A staff member's ten one-time recovery codes, made when their first passkey is added and shown
 * once: one completes a sign-in when the passkey is lost. Only each code's SHA-256 is kept; a used
 * code is deleted.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * The one-time code mailed for a forgotten PIN (POST /user/pin/reset): one live code a person,
 * a new one replacing it. Only its SHA-256 (with the person's id) is kept; it lasts
 * PIN_RESET_CODE_MINUTES, is used once, and PIN_RESET_CODE_TRIES wrong tries void it.
 */
export const pinResetCodes = pgTable('pin_reset_codes', {
  ...mailedCode(),
  wrongTries: integer('wrong_tries').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Links mailed to prove an address: only the token's SHA-256 is stored. Each is used once and
 * works for a day; a new link replaces the unused ones before it.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/**
 * A request staff decide once, with a reason (an identity review, a merchant application): waiting
 * until then, when it was asked and decided, and by whom; one waiting at a time per person.
 */
const decidedRequest = () => ({
  status: kycStatusEnum('status').notNull().default('pending'),
  reason: text('reason'),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`clock_timestamp()`),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  decidedBy: uuid('decided_by').references(() => users.id),
});
type DecidedRequestColumns = {
  userId: AnyPgColumn;
  status: AnyPgColumn;
  reason: AnyPgColumn;
  requestedAt: AnyPgColumn;
  decidedAt: AnyPgColumn;
  id: AnyPgColumn;
};
/** Its indexes and CHECK: one pending per person, the queue's order, and a reason with every decision. */
const decidedRequestRules = (table: string, t: DecidedRequestColumns) => [
  uniqueIndex(`${table}_one_pending_key`)
    .on(t.userId)
    .where(sql`${t.status} = 'pending'`),
  // The queue: pending oldest first; decided newest first.
  index(`${table}_status_requested_id_idx`).on(t.status, t.requestedAt, t.id),
  index(`${table}_user_requested_idx`).on(t.userId, t.requestedAt),
  check(
    `${table}_decided_chk`,
    sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'pending') = (${t.reason} is null)`,
  ),
];

/**
 * Identity reviews (KYC) a person asked for: at most one waits at a time. An admin approves or
 * rejects it with a reason; an approval sets the person's kyc_approved_at.
 */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...decidedRequest(),
    /** What the admin saw, for an approval (KYC_CHECKS): at least one identity document. */
    checked: kycCheckEnum('checked')
      .array()
      .notNull()
      .default(sql`'{}'::kyc_check[]`),
  },
  (t) => [
    ...decidedRequestRules('kyc_requests', t),
    // An approval names the identity document seen (a national ID card or a passport).
    check(
      'kyc_requests_approval_checked_chk',
      sql`${t.status} <> 'approved' or ${t.checked} && '{national_id,passport}'::kyc_check[]`,
    ),
  ],
);

/** A shop's category (ISO 18245, four digits) and its city in English and Bangla, as its QR carries them. */
const shopPlace = () => ({
  category: text('category').notNull(),
  city: text('city').notNull(),
  cityBn: text('city_bn').notNull(),
});

/**
 * A user's application to be a merchant (issue 45): the business's names and city in English and
 * Bangla and its category, as its Bangla QR will carry them; one waiting at a time per person,
 * decided once by compliance staff with a reason.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessNameBn: text('business_name_bn').notNull(),
    ...shopPlace(),
    ...decidedRequest(),
  },
  (t) => [
    ...decidedRequestRules('merchant_applications', t),
    check('merchant_applications_category_chk', sql`${t.category} ~ '^[0-9]{4}$'`),
  ],
);

/** A merchant: the user behind it (one profile each) and what its QR says of it, from its approved application. */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => merchantApplications.id),
    name: text('name').notNull(),
    nameBn: text('name_bn').notNull(),
    ...shopPlace(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchants_user_id_key').on(t.userId),
    check('merchants_category_chk', sql`${t.category} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * A merchant's QR for one payment (issue 45): the amount and the expiry the server holds, named by
 * the merchant's own reference (tag 62, sub-tag 05 of the payload), unique to the merchant. It is
 * paid at most once: the payment names it (payments.qr_code_id, unique), written under this row's
 * lock (sql/ledger_move.sql).
 */
export const merchantQrCodes = pgTable(
  'merchant_qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    amount: poisha('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_qr_codes_merchant_reference_key').on(t.merchantId, t.reference),
    check('merchant_qr_codes_amount_chk', sql`${t.amount} > 0`),
    check('merchant_qr_codes_expiry_chk', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * A merchant's payment link (issue 45): a code of 144 random bits (base64url) that a public page
 * shows, paid by signed-in people. With an amount, every payment is that amount; without, the payer
 * types it. Paid at most `maxUses` times (none: no limit) and never after `expiresAt` or once
 * deactivated: sql/ledger_move.sql counts a use under the link's row lock, in the payment's
 * transaction, and the check holds the count whatever code writes.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    amount: poisha('amount'),
    description: text('description').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payment_links_code_key').on(t.code),
    index('payment_links_merchant_created_idx').on(t.merchantId, t.createdAt),
    check('payment_links_amount_chk', sql`${t.amount} > 0`),
    check('payment_links_uses_chk', sql`${t.uses} >= 0 and ${t.maxUses} > 0 and ${t.uses} <= ${t.maxUses}`),
    check('payment_links_active_chk', sql`${t.active} = (${t.deactivatedAt} is null)`),
  ],
);

/**
 * A payment's merchant side, one per payment transaction, written with it (sql/ledger_move.sql):
 * which merchant it paid, the reference it carried, the dynamic QR or link it paid, if any (a QR
 * paid once: the unique index holds it whatever code writes), its amount and fee, and what of them
 * refunds gave back: never more than was paid (the checks), counted under this row's lock.
 */
export const payments = pgTable(
  'payments',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    reference: text('reference'),
    qrCodeId: uuid('qr_code_id').references(() => merchantQrCodes.id),
    linkId: uuid('link_id').references(() => paymentLinks.id),
    amount: poisha('amount').notNull(),
    fee: poisha('fee').notNull(),
    refunded: poisha('refunded')
      .notNull()
      .default(sql`0`),
    refundedFee: poisha('refunded_fee')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_refunded_chk', sql`${t.refunded} between 0 and ${t.amount}`),
    check('payments_refunded_fee_chk', sql`${t.refundedFee} between 0 and ${t.fee}`),
    index('payments_link_id_idx').on(t.linkId),
    uniqueIndex('payments_qr_code_id_key')
      .on(t.qrCodeId)
      .where(sql`${t.qrCodeId} is not null`),
    index('payments_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

/**
 * A refund of a payment (a `refund` transaction, from the merchant back to the payer), with the
 * merchant's reason: the payment it gives back part or all of.
 */
export const refunds = pgTable(
  'refunds',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.transactionId),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_payment_id_idx').on(t.paymentId)],
);

/**
 * Each registration bonus let out of its hold (sql/bonus_release.sql), once a person's identity was
 * approved: the day's total is held within BONUS_DAILY_BUDGET, for the whole site. One per person.
 */
export const bonusReleases = pgTable(
  'bonus_releases',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The Asia/Dhaka day whose budget it counts against. */
    day: date('day').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('bonus_releases_day_idx').on(t.day), check('bonus_releases_amount_chk', sql`${t.amount} > 0`)],
);

/**
 * Second approvals (shared/src/contracts/approvals.ts): a change proposed by one staff member,
 * applied in the transaction of another's approval. `subject` names what it changes ({type} for a
 * fee row, {holder, scope} for a row of limits, {transactionId, disputeId} for a reversal); `change`
 * is what the proposer sent (the row's new figures, or the reversal's reason); `before` the row's
 * figures as they were, for the side-by-side; `row_updated_at` the row's own updated_at then: an
 * approval finding another is void. Nobody approves their own proposal (a CHECK), and a proposal is
 * decided once.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: approvalKindEnum('kind').notNull(),
    subject: jsonb('subject').$type<Record<string, string | null>>().notNull(),
    /** One key per thing changed: at most one proposal waits for it at a time. */
    subjectKey: text('subject_key').notNull(),
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    rowUpdatedAt: timestamp('row_updated_at', { withTimezone: true, mode: 'date' }),
    state: approvalStateEnum('state').notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('approvals_second_person_chk', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`),
    check(
      'approvals_decided_chk',
      sql`(${t.state} = 'pending') = (${t.decidedAt} is null) and (${t.state} in ('approved', 'rejected')) = (${t.decidedBy} is not null)`,
    ),
    uniqueIndex('approvals_one_pending_key')
      .on(t.subjectKey)
      .where(sql`${t.state} = 'pending'`),
    index('approvals_state_proposed_idx').on(t.state, t.proposedAt, t.id),
  ],
);

/**
 * The limits every movement is held to, by holder (a person's tier, or AGENT) and movement type,
 * in poisha; null is "no limit". A row whose type is null holds the holder's maximum balance
 * alone. Which side of a movement a row bounds is fixed (LIMITED_MOVEMENTS, limitSide in
 * shared/src/contracts/limits.ts); the ledger reads the rows under the wallets' locks
 * (api/src/ledger/sql/movement_limits.sql). Seeded by migration 0012; admins edit the figures.
 */
export const limits = pgTable(
  'limits',
  {
    holder: limitHolderEnum('holder').notNull(),
    type: transactionTypeEnum('type'),
    minAmount: poisha('min_amount'),
    maxAmount: poisha('max_amount'),
    dailyAmount: poisha('daily_amount'),
    dailyCount: integer('daily_count'),
    monthlyAmount: poisha('monthly_amount'),
    monthlyCount: integer('monthly_count'),
    maxBalance: poisha('max_balance'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    unique('limits_holder_type_key').on(t.holder, t.type).nullsNotDistinct(),
    check(
      'limits_applicable_chk',
      sql`${t.type} is null or ${t.type} <> 'bonus' and case ${t.holder}::text
            when 'AGENT' then ${t.type} in ('cash-in', 'cash-out')
            when 'MERCHANT' then ${t.type}::text = 'payment'
            when 'UNVERIFIED' then ${t.type} = 'deposit'
            else true end`,
    ),
    check(
      'limits_shape_chk',
      sql`case when ${t.type} is null
            then coalesce(${t.minAmount}, ${t.maxAmount}, ${t.dailyAmount}, ${t.dailyCount}, ${t.monthlyAmount}, ${t.monthlyCount}) is null
            else ${t.maxBalance} is null end`,
    ),
    check(
      'limits_positive_chk',
      sql`${t.minAmount} > 0 and ${t.maxAmount} > 0 and ${t.dailyAmount} > 0 and ${t.dailyCount} > 0
          and ${t.monthlyAmount} > 0 and ${t.monthlyCount} > 0 and ${t.maxBalance} > 0`,
    ),
    check(
      'limits_ordered_chk',
      sql`${t.minAmount} <= ${t.maxAmount} and ${t.maxAmount} <= ${t.dailyAmount} and ${t.dailyAmount} <= ${t.monthlyAmount}
          and ${t.maxAmount} <= ${t.monthlyAmount} and ${t.dailyCount} <= ${t.monthlyCount}`,
    ),
  ],
);

/**
 * What each person has used of their limits, kept as they move (the trigger limit_counters_count on
 * transactions, api/src/ledger/sql/limit_counters_count.sql): per movement type and side, the amount
 * (poisha) and the number of movements in each Asia/Dhaka day (period 'day', starts that date) and
 * month (period 'month', starts its first day). A limit check reads two rows, however busy the
 * person's month. Only the sides limits can bound are counted (limit_counted): not a transfer
 * received, a bonus or a reversal.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    /**
     * Not declared a foreign key: every row counts movements whose transactions reference the
     * person (checked there), and a person with movements is never deleted; a key would look the
     * person up again for each new day's and month's row.
     */
    userId: uuid('user_id').notNull(),
    type: transactionTypeEnum('type').notNull(),
    side: text('side').notNull(),
    period: text('period').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    amount: poisha('amount').notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.side, t.period, t.starts] }),
    check('limit_counters_side_chk', sql`${t.side} in ('sent', 'received')`),
    check(
      'limit_counters_period_chk',
      sql`${t.period} = 'day' or ${t.period} = 'month' and extract(day from ${t.starts}) = 1`,
    ),
    check('limit_counters_positive_chk', sql`${t.amount} > 0 and ${t.movements} > 0`),
  ],
);

/**
 * The fee schedule: one row per movement type that may cost something, in poisha and basis
 * points (1/100 of a percent). A fee is percent of the amount (above the payer's free allowance
 * of this Asia/Dhaka month, where one is set) plus a fixed part, then held between the minimum
 * and the maximum; a fee rounded up to the poisha, a commission down. The agent earns a share of a
 * cash-out's fee, and on a cash-in (free to the person) a share of the amount, paid from the
 * commission float.
 * Deposits are always free: the table refuses a row for them. Seeded by migration 0016; admins
 * edit it (audited as fee_change); the ledger reads it under the wallets' locks (ledger_post).
 */
export const fees = pgTable(
  'fees',
  {
    type: transactionTypeEnum('type').primaryKey(),
    percentBp: integer('percent_bp').notNull().default(0),
    fixed: poisha('fixed')
      .notNull()
      .default(sql`0`),
    minimum: poisha('minimum'),
    maximum: poisha('maximum'),
    freeMonthly: poisha('free_monthly'),
    /** cash-out: the agent's share of the fee, in basis points of the fee. */
    agentShareBp: integer('agent_share_bp').notNull().default(0),
    /** cash-in: the agent's commission, in basis points of the amount, paid from the commission float. */
    agentCommissionBp: integer('agent_commission_bp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    // Compared as text: a value added to an enum cannot be read in the transaction that added it,
    // and every pending migration runs in one (migration 0043 added 'payment').
    check('fees_type_chk', sql`${t.type}::text in ('transfer', 'cash-out', 'cash-in', 'payment')`),
    check(
      'fees_figures_chk',
      sql`${t.percentBp} between 0 and 10000 and ${t.fixed} >= 0 and ${t.minimum} >= 0 and ${t.maximum} >= 0
          and ${t.minimum} <= ${t.maximum} and ${t.freeMonthly} > 0
          and ${t.agentShareBp} between 0 and 10000 and ${t.agentCommissionBp} between 0 and 10000`,
    ),
    check(
      'fees_shape_chk',
      sql`case ${t.type}::text
            when 'cash-in' then ${t.percentBp} = 0 and ${t.fixed} = 0 and ${t.minimum} is null and ${t.maximum} is null
                            and ${t.freeMonthly} is null and ${t.agentShareBp} = 0
            when 'cash-out' then ${t.agentCommissionBp} = 0
            when 'payment' then ${t.percentBp} between 100 and 115 and ${t.fixed} = 0 and ${t.minimum} is null
                            and ${t.maximum} is null and ${t.freeMonthly} is null and ${t.agentShareBp} = 0
                            and ${t.agentCommissionBp} = 0
            else ${t.agentShareBp} = 0 and ${t.agentCommissionBp} = 0 end`,
    ),
  ],
);

/**
 * A sender's report of a problem with a transfer, and the admin's decision. One per transfer;
 * only its sender reports it, within DISPUTE_WINDOW_HOURS (the trigger disputes_guard holds all
 * three, whatever code writes). Decided once: reversed (the reversal named, made by
 * sql/ledger_reverse.sql, which closes an open report of the transfer it undoes) or rejected,
 * always with the admin's reason.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: disputeStatusEnum('status').notNull().default('open'),
    decision: text('decision'),
    reversalId: uuid('reversal_id').references(() => transactions.id),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('disputes_transaction_key').on(t.transactionId),
    // The queue: open oldest first; decided newest first. The sender's list: newest first.
    index('disputes_status_reported_id_idx').on(t.status, t.reportedAt, t.id),
    index('disputes_reporter_reported_id_idx').on(t.reporterId, t.reportedAt, t.id),
    check(
      'disputes_decided_chk',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null) and (${t.decidedAt} is null) = (${t.decision} is null)
          and (${t.decidedAt} is null) = (${t.decidedBy} is null) and (${t.status} = 'reversed') = (${t.reversalId} is not null)`,
    ),
  ],
);

/**
 * The ledger's health, kept incrementally by the maintenance job (ledger/ledger-health.ts) and
 * read by every instance's /metrics: the running sum of every entry checked so far (zero when
 * every transaction nets to zero), through which entry, and how many wallets are below zero. One
 * row, so a scrape reads one row, never the ledger.
 */
export const ledgerHealth = pgTable(
  'ledger_health',
  {
    id: smallint('id').primaryKey().default(1),
    checkedThroughId: bigint('checked_through_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    entriesNet: bigint('entries_net', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    negativeWallets: integer('negative_wallets').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The last settled Asia/Dhaka day whose limit counters were held against the movements
     * (limit_counters_from_history), once a day; and how many of that day's counter rows differed.
     */
    countersCheckedDay: date('counters_checked_day', { mode: 'string' }),
    countersDrifted: integer('counters_drifted').notNull().default(0),
  },
  (t) => [check('ledger_health_one_row_chk', sql`${t.id} = 1`)],
);

/**
 * Each wallet's and system account's balance at the end of each UTC day it moved: the sum of its
 * entries created before `as_of` (a UTC midnight). Taken by the maintenance job once a day has
 * settled (ledger/balance-snapshots.ts, the ledger's `ledger_snapshot_day`), checked against the
 * entries by a trigger as it goes in, and never changed: a statement's opening balance is the
 * last snapshot before its first day plus the few entries since, never a sum of every earlier
 * entry.
 */
export const balanceSnapshots = pgTable(
  'balance_snapshots',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.asOf] }),
    check('balance_snapshots_midnight_chk', sql`${t.asOf} = date_trunc('day', ${t.asOf}, 'UTC')`),
  ],
);

/** The UTC days whose snapshots are taken, one row each, in order: the job's mark is the latest. */
export const balanceSnapshotDays = pgTable('balance_snapshot_days', {
  asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).primaryKey(),
  accounts: integer('accounts').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`clock_timestamp()`),
});

/**
 * What happened to a person's money or account (issue 46), written in the same database
 * transaction as the event: a movement's by the posting trigger (one per wallet it moved), the
 * others by the triggers and functions of api/src/notifications/sql. Kept NOTIFICATION_RETENTION_DAYS.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The person told. Not a declared foreign key either: each check would lock the person's row
     * (a write, and for the agent every user pays, one row all of them lock) twice in every
     * movement. The posting trigger writes it from the wallet's own row, and notify_person refuses
     * a person who does not exist; no person is ever deleted.
     */
    userId: uuid('user_id').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    /**
     * The movement it tells of; a dispute's outcome names the transfer reported. Not a declared
     * foreign key, as ledger_entries' are not: each check would lock the transaction's row (a
     * write) in every movement, and the posting trigger writes it from the transaction row itself,
     * which is never deleted (ledger_append_only).
     */
    transactionId: uuid('transaction_id'),
    /**
     * A request's notices name it (request money, issue 46). Not a declared foreign key either:
     * each row inserted would queue the check's trigger event, the money notices' too (which name
     * no request); notify_person writes it from the request row itself, and no request is deleted.
     */
    requestId: uuid('request_id'),
    /** Poisha: the movement's or the request's amount. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** What the other notices say of themselves: a dispute's outcome, a new device's browser. */
    detail: text('detail'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A person's list, newest first, keyset-paged; marking all read walks it too.
    index('notifications_user_created_id_idx').on(t.userId, t.createdAt, t.id),
    // The pruning's: BRIN, as rows arrive in time order, so a movement adds almost nothing to it.
    index('notifications_created_idx').using('brin', t.createdAt),
    check('notifications_amount_chk', sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);

/**
 * The browsers a person has signed in from (a long-lived device cookie's hash): a sign-in from
 * one not among them, by a person who has one, tells the person (new_device).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] }), index('known_devices_last_seen_idx').on(t.lastSeenAt)],
);

/**
 * The rules of request money, as data (one row): the amount a request may ask, how many a person
 * may send in an Asia/Dhaka day, and how long one stays open. Read by money_request_create and by
 * GET /requests/rules.
 */
export const requestRules = pgTable(
  'request_rules',
  {
    id: smallint('id').primaryKey().default(1),
    minAmount: poisha('min_amount').notNull(),
    maxAmount: poisha('max_amount').notNull(),
    perDay: integer('per_day').notNull(),
    expiryDays: integer('expiry_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check('request_rules_one_row_chk', sql`${t.id} = 1`),
    check(
      'request_rules_shape_chk',
      sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount} and ${t.perDay} > 0 and ${t.expiryDays} > 0`,
    ),
  ],
);

/**
 * Requests for money (issue 46): asked by one user of another, paid at most once by a transfer that
 * names it (ledger_move, under the request's row lock), declined by the payer, cancelled by the
 * requester, or left to expire.
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    /** Who is asked: the person chosen, or the verified user with the email typed; null when nobody has it. */
    payerId: uuid('payer_id').references(() => users.id),
    /** Asked by email: the requester is never shown whether anyone had it. */
    byEmail: boolean('by_email').notNull(),
    /**
     * Whether the payer sees it: false when nobody was asked, or the payer blocked the requester
     * (who is not told). An undelivered request is only ever the requester's, and expires.
     */
    delivered: boolean('delivered').notNull(),
    /** Who the requester sees as asked: the person's name when asked, or the email they typed. */
    payerLabel: text('payer_label').notNull(),
    amount: poisha('amount').notNull(),
    note: text('note'),
    status: requestStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** The transfer that paid it. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
  },
  (t) => [
    index('money_requests_requester_created_id_idx').on(t.requesterId, t.createdAt, t.id),
    index('money_requests_payer_created_id_idx').on(t.payerId, t.createdAt, t.id),
    check('money_requests_delivered_chk', sql`${t.payerId} is not null or not ${t.delivered}`),
    uniqueIndex('money_requests_transaction_key')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    check('money_requests_amount_chk', sql`${t.amount} > 0`),
    check(
      'money_requests_closed_chk',
      sql`(${t.status} = 'open') = (${t.closedAt} is null) and (${t.status} = 'paid') = (${t.transactionId} is not null)
          and (${t.status} not in ('paid', 'declined') or ${t.delivered})`,
    ),
    check('money_requests_not_self_chk', sql`${t.payerId} is distinct from ${t.requesterId}`),
  ],
);

/** A payer's block of a requester: their new requests reach nobody (and the requester is not told). */
export const requestBlocks = pgTable(
  'request_blocks',
  {
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.payerId, t.requesterId] })],
);

/**
 * A browser's Web Push subscription (issue 46): the endpoint on its push service and the keys its
 * messages are encrypted with, the person's, and the browser it was made in (the device cookie's
 * hash), so signing out of that browser stops its pushes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceHash: text('device_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A person's choice for a kind of notification; no row: DEFAULT_PREFERENCE (pushed, not mailed). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: notificationKindEnum('kind').notNull(),
    push: boolean('push').notNull(),
    mail: boolean('mail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * What leaves after a notification's transaction commits: one row per browser to push to and one
 * for a mailed receipt, written by a trigger on notifications in that transaction, sent and deleted
 * by the outbox worker of any instance (notifications/outbox.ts), never inside the money's
 * transaction or request. `next_attempt_at` is also a claim's lease: a row taken is pushed ahead,
 * so an instance that died with it lets another take it later.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: outboxChannelEnum('channel').notNull(),
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt),
    index('notification_outbox_notification_idx').on(t.notificationId),
    index('notification_outbox_subscription_idx').on(t.subscriptionId),
    check('notification_outbox_channel_chk', sql`(${t.channel} = 'push') = (${t.subscriptionId} is not null)`),
  ],
);
