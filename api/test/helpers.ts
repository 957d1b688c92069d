import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'expect';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseTimeouts,
  type SchemaSources,
  type Tx,
} from '../src/db/client';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../src/identity/sessions';
import { ensureAdmin } from '../src/identity/users';
import { staffInviteToken, verifyByMail } from './mailbox';
import type { LimitHolder, MovementType, StaffRole } from '@wallet/shared/contracts';
import { API_ROLE, asSuperuser, databaseUrl, OWNER_ROLE } from './postgres-cluster';

export const TEST_PASSWORD_COST = { memoryKiB: 64, passes: 1 };
export const PASSWORD = 'correct horse battery';
/** The wallet PIN every person the tests make is given (not one digit repeated, not a run). */
export const PIN = '24680';
/** The PIN secret the test apps run with (the embedded database's start makes its own). */
export const TEST_PIN_SECRET = 'test-pin-secret-of-at-least-32-characters';
/** The report tokens' key, where an instance runs on DATABASE_URL (which requires it). */
export const TEST_CLIENT_REPORT_SECRET = 'test-client-report-secret-of-32-characters';
/** A VAPID key pair for instances on PostgreSQL (DATABASE_URL requires one); made once, for tests only. */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BOznasZoQ5mk6ycaSh_i3t7KgM3FGYq9a-kSkNA1hP2STnEHodXUlbd4Ug7MCNENmLvgRnOFX2SpVyJXKcfKmwU',
  VAPID_PRIVATE_KEY: 'bsuWfqFRk8-KulJ6sx2m18OzXvis3zl4ipuqgkUkFb8',
};

/** The money POSTs that take money out of a wallet: they carry the PIN. */
const NEEDS_PIN =
  /^\/api\/v1\/(wallet\/transfer|wallet\/pay|merchant\/payments\/[^/]+\/refund|agent\/cash-out|agent\/cash-in)(\?|$)/;

/**
 * A database of its own for each test file: PGlite (in memory, or in `dataDir` to be opened
 * again), or a fresh database on the test server (`name` to open it again). Either starts from
 * the run's migrated template when there is one; `sources` rebuild an older schema from nothing
 * instead. `keep` leaves a PostgreSQL database in place when closed.
 */
export async function openTestDatabase(
  timeouts?: DatabaseTimeouts,
  {
    sources,
    dataDir = 'memory://',
    name = `wallet_${randomUUID().replace(/-/g, '')}`,
    keep = false,
  }: {
    sources?: SchemaSources;
    dataDir?: string;
    name?: string;
    keep?: boolean;
  } = {},
): Promise<DatabaseHandle & { url?: string; ownerUrl?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    // A new in-memory database starts from the run's migrated template (run.ts), when there is one.
    const template = dataDir === 'memory://' && !sources ? pgliteTemplate() : undefined;
    return openDatabase({ dataDir, sources, template });
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the postgres global setup did not run');
  // A new database is a copy of the run's migrated template (run.ts), when there is one, unless
  // it is to be built from older sources.
  const template = sources ? undefined : process.env.TEST_POSTGRES_TEMPLATE;
  await asSuperuser(adminUrl, async (admin) => {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0)
      await admin.query(`CREATE DATABASE ${name} OWNER ${OWNER_ROLE}${template ? ` TEMPLATE ${template}` : ''}`);
  });
  // As in production: the owner migrates (a copy of the template is already current) and grants,
  // the API connects as a role that owns nothing.
  const [url, ownerUrl] = [databaseUrl(adminUrl, API_ROLE, name), databaseUrl(adminUrl, OWNER_ROLE, name)];
  const handle = await openDatabase({ databaseUrl: url, ownerUrl, poolSize: 20, timeouts, sources });
  if (keep) return { ...handle, url, ownerUrl };
  return {
    ...handle,
    url,
    ownerUrl,
    close: async () => {
      await handle.close();
      await asSuperuser(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

let template: Blob | undefined;
/** The run's migrated PGlite dump (PGLITE_TEMPLATE), read once per test file. */
function pgliteTemplate() {
  const file = process.env.PGLITE_TEMPLATE;
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

export interface Person {
  id: string;
  name: string;
  email: string;
  cookie: string;
  walletId: string;
}

/** A person with a merchant profile: `merchantId` is merchants.id, what a payment names. */
export interface Merchant extends Person {
  merchantId: string;
}

/** The PIN a signed-in cookie carries for the money POSTs the tests send, and each address's PIN. */
const pins = new Map<string, string>();
const pinsByEmail = new Map<string, string>();

export class TestContext {
  private sequence = 0;
  readonly logs: string[];

  constructor(
    readonly app: App,
    readonly database: DatabaseHandle & { url?: string; ownerUrl?: string },
    logs: string[],
  ) {
    this.logs = logs;
  }

  get db(): Database {
    return this.database.db;
  }

  /**
   * Ends the file's app and database; first, every row of the limit counters is held against its
   * rebuild from the movements (limit_counters_from_history), whatever the file did.
   */
  async close() {
    try {
      expect(await countersDriftedFromHistory(this.db)).toEqual([]);
    } finally {
      await this.app.close();
      await this.database.close();
    }
  }

  /** The session cookie's name as this site sets and reads it: the __Host- one over https. */
  get sessionCookie() {
    return this.app.config.publicUrl?.startsWith('https:') ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  }

  /**
   * A request as `cookie`'s person sends it. A money POST that takes money out of a wallet carries
   * that person's PIN unless the test gives its own header, or `pin: false` for none.
   */
  inject(options: InjectOptions & { cookie?: string; pin?: false }): Promise<LightMyRequestResponse> {
    const { cookie, headers, pin, ...rest } = options;
    const given = (headers ?? {}) as Record<string, string>;
    const own = cookie && pin !== false && NEEDS_PIN.test(String(rest.url ?? '')) ? pins.get(cookie) : undefined;
    return this.app.inject({
      ...rest,
      headers: {
        ...(own && !('x-wallet-pin' in given) ? { 'x-wallet-pin': own } : {}),
        ...given,
        ...(cookie ? { cookie: `${this.sessionCookie}=${cookie}` } : {}),
      },
    });
  }

  /** Gives a signed-in person a wallet PIN, with their password. */
  async setPin(cookie: string, pin = PIN, email?: string) {
    const response = await this.inject({
      method: 'PUT',
      url: '/api/v1/user/pin',
      cookie,
      payload: { pin, password: PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`set PIN failed: ${response.body}`);
    pins.set(cookie, pin);
    if (email) pinsByEmail.set(email.toLowerCase(), pin);
  }

  uniqueEmail(name: string) {
    this.sequence += 1;
    return `${name.toLowerCase().replace(/\W/g, '')}.${this.sequence}.${randomUUID().slice(0, 8)}@example.com`;
  }

  async login(email: string, password = PASSWORD): Promise<string> {
    const response = await this.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const cookie = response.cookies.find((cookie) => cookie.name === this.sessionCookie)!.value;
    const pin = pinsByEmail.get(email.toLowerCase());
    if (pin) pins.set(cookie, pin);
    return cookie;
  }

  /**
   * A registered USER, signed in; verified through the link mailed to them unless `verified` is
   * false, their identity approved by staff (KYC, which lets their registration bonus out of its
   * hold) unless `kyc` is false or they are unverified, and given the wallet PIN `PIN` unless `pin`
   * is false.
   */
  async user(
    name = 'User',
    { verified = true, pin = true, kyc }: { verified?: boolean; pin?: boolean; kyc?: boolean } = {},
  ): Promise<Person> {
    const email = this.uniqueEmail(name);
    const response = await this.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name, email, password: PASSWORD },
    });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
    const id = (response.json() as { data: { _id: string } }).data._id;
    if (verified) await this.verify(email);
    const cookie = await this.login(email);
    if (kyc ?? verified) await this.approveIdentity(cookie);
    if (pin) await this.setPin(cookie, PIN, email);
    const wallet = await this.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie });
    return { id, name, email, cookie, walletId: (wallet.json() as { data: { _id: string } }).data._id };
  }

  /** A user who applied to be a merchant and was approved (`name` Store, a grocery in Dhaka). */
  async merchant(name: string): Promise<Merchant> {
    const person = await this.user(name);
    this.reviewer ??= this.admin();
    const reviewer = await this.reviewer;
    const applied = await this.post('/user/merchant-application', person, {
      businessName: `${name} Store`,
      businessNameBn: 'রহিম স্টোর',
      category: '5411',
      city: 'Dhaka',
      cityBn: 'ঢাকা',
    });
    if (applied.statusCode !== 201) throw new Error(`merchant application failed: ${applied.body}`);
    const decided = await this.inject({
      method: 'PATCH',
      url: `/api/v1/admin/merchant-applications/${(applied.json() as { data: { _id: string } }).data._id}`,
      cookie: reviewer.cookie,
      payload: { decision: 'approve', reason: 'Trade licence and shop seen' },
    });
    if (decided.statusCode !== 200) throw new Error(`merchant approval failed: ${decided.body}`);
    const me = await this.inject({ method: 'GET', url: '/api/v1/user/me', cookie: person.cookie });
    return { ...person, merchantId: (me.json() as { data: { merchant: { _id: string } } }).data.merchant._id };
  }

  /** The staff member who approves the test people's identity reviews: one per file, made when first asked. */
  private reviewer?: Promise<Person>;

  /** The person signed in with `cookie` asks for an identity review, and staff approve it. */
  async approveIdentity(cookie: string) {
    this.reviewer ??= this.admin();
    const reviewer = await this.reviewer;
    const asked = await this.inject({ method: 'POST', url: '/api/v1/user/kyc-request', cookie });
    if (asked.statusCode !== 201) throw new Error(`identity review request failed: ${asked.body}`);
    const decided = await this.inject({
      method: 'PATCH',
      url: `/api/v1/admin/kyc/${(asked.json() as { data: { _id: string } }).data._id}`,
      cookie: reviewer.cookie,
      payload: {
        decision: 'approve',
        reason: 'National ID card seen and matched',
        checked: ['national_id', 'face_match'],
      },
    });
    if (decided.statusCode !== 200) throw new Error(`identity review failed: ${decided.body}`);
  }

  /** Opens the newest link mailed to `email` (the development outbox), as the person would. */
  verify(email: string) {
    return verifyByMail(this.app, email);
  }

  async admin(): Promise<Person> {
    const email = this.uniqueEmail('admin');
    const { user } = await ensureAdmin(this.db, { email, password: PASSWORD }, TEST_PASSWORD_COST);
    return { id: user.id, name: user.name, email, cookie: await this.login(email), walletId: '' };
  }

  /**
   * A staff member holding `roles`, invited by `owner` (a new owner when omitted) through the
   * mailed link, as a person joins: their password set with it, signed in.
   */
  async staff(roles: StaffRole[], owner?: Person): Promise<Person> {
    const inviter = owner ?? (await this.admin());
    const email = this.uniqueEmail('staff');
    const name = `Staff ${roles.join(' ')}`;
    const invited = await this.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      cookie: inviter.cookie,
      payload: { name, email, roles },
    });
    if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
    const joined = await this.inject({
      method: 'POST',
      url: '/api/v1/auth/staff-invite',
      payload: { token: staffInviteToken(this.app, email), password: PASSWORD },
    });
    if (joined.statusCode !== 201) throw new Error(`joining failed: ${joined.body}`);
    const cookie = joined.cookies.find((cookie) => cookie.name === this.sessionCookie)!.value;
    return { id: (joined.json() as { data: { _id: string } }).data._id, name, email, cookie, walletId: '' };
  }

  async agent(name = 'Agent', admin?: Person): Promise<Person> {
    const person = await this.user(name);
    const approver = admin ?? (await this.admin());
    const response = await this.inject({
      method: 'PATCH',
      url: `/api/v1/admin/approve/${person.id}`,
      cookie: approver.cookie,
    });
    if (response.statusCode !== 200) throw new Error(`approve failed: ${response.body}`);
    return person;
  }

  async balance(person: Pick<Person, 'cookie'>): Promise<number> {
    const response = await this.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: person.cookie });
    return (response.json() as { data: { balance: number } }).data.balance;
  }

  post(url: string, person: Person, payload: unknown, headers: Record<string, string> = {}) {
    return this.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      cookie: person.cookie,
      payload: payload as object,
      headers,
    });
  }
}

export async function createTestContext(
  env: Env = {},
  beforeReady?: (app: App) => void,
  /** A database the test opened itself (a cluster's): the file's own test database otherwise. */
  given?: DatabaseHandle & { url?: string; ownerUrl?: string },
): Promise<TestContext> {
  const config = loadConfig({
    LOG_LEVEL: 'info',
    LOGIN_RATE_LIMIT: '10000',
    LOGIN_ADDRESS_RATE_LIMIT: '10000',
    REGISTER_RATE_LIMIT: '10000',
    SEARCH_RATE_LIMIT: '10000',
    PASSWORD_HASH_QUEUE_PER_ADDRESS: '1000',
    STATEMENT_RATE_LIMIT: '10000',
    ANALYTICS_RATE_LIMIT: '10000',
    HISTORY_SEARCH_RATE_LIMIT: '10000',
    GOOGLE_START_RATE_LIMIT: '10000',
    PIN_SECRET: TEST_PIN_SECRET,
    CLIENT_REPORT_SECRET: TEST_CLIENT_REPORT_SECRET,
    ...TEST_VAPID,
    PASSWORD_HASH_QUEUE: '1000',
    ...env,
  });
  const database = given ?? (await openTestDatabase(config.databaseTimeouts));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, passwordCost: TEST_PASSWORD_COST, logStream });
  beforeReady?.(app);
  await app.ready();
  return new TestContext(app, database, logs);
}

/** Everything a money movement must keep true, read straight from the database. */
export async function ledgerState(db: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [totals] = await rows<{
    accounts: string;
    entries: string;
    negative_wallets: string;
    transactions: string;
  }>(sql`
    select (select coalesce(sum(balance), 0) from account_balances)::text as accounts,
           (select coalesce(sum(amount), 0) from ledger_entries)::text as entries,
           (select count(*) from accounts where kind = 'WALLET' and balance < 0)::text as negative_wallets,
           (select count(*) from transactions)::text as transactions`);
  const drifted = await rows<{ id: string }>(sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind = 'WALLET' or a.code = 'COMMISSION_FLOAT'
    group by a.id, a.balance, a.entry_count
    having a.balance <> coalesce(sum(e.amount), 0) or a.entry_count <> count(e.id) filter (where e.kind = 'amount')`);
  const unbalanced = await rows<{ transaction_id: string }>(sql`
    select transaction_id from ledger_entries group by transaction_id, kind having sum(amount) <> 0`);
  // The fee revenue account holds exactly the fees charged less the cash-out commissions paid, the
  // fees refunded (by reversals, and the MDR by merchants' refunds) and what it funded the commission float with; the float holds what funded it
  // less the cash-in commissions it paid.
  const [revenue] = await rows<{ held: string; earned: string; float: string; funded: string }>(sql`
    select (select coalesce(sum(balance), 0) from account_balances where code = 'FEE_REVENUE')::text as held,
           ((select coalesce(sum(case when type in ('reversal', 'refund') then -fee else fee end
                                 - case when type = 'cash-out' then commission else 0 end), 0) from transactions)
            + (select coalesce(sum(e.amount), 0) from ledger_entries e join transactions t on t.id = e.transaction_id
               join accounts a on a.id = e.account_id where t.type = 'float-funding' and a.code = 'FEE_REVENUE'))::text as earned,
           (select balance from accounts where code = 'COMMISSION_FLOAT')::text as float,
           (select coalesce(sum(case when type = 'float-funding' then amount else 0 end)
                            - sum(case when type = 'cash-in' then commission else 0 end), 0) from transactions)::text as funded`);
  const balances = await rows<{ id: string; balance: string }>(
    sql`select id, balance::text as balance from account_balances order by id`,
  );
  const counters = await countersDriftedFromHistory(db);
  // Notifications: how many, and the people whose unread counter differs from their unread rows.
  const [told] = await rows<{ notifications: number; unread_drifted: number }>(sql`
    select (select count(*)::int from notifications) as notifications,
           (select count(*)::int from users u left join accounts a on a.user_id = u.id and a.kind = 'WALLET'
            where coalesce(a.unread_notifications, u.unread_notifications)
              <> (select count(*) from notifications n where n.user_id = u.id and n.read_at is null)) as unread_drifted`);
  return {
    sumOfBalances: BigInt(totals!.accounts),
    sumOfEntries: BigInt(totals!.entries),
    negativeWallets: Number(totals!.negative_wallets),
    transactions: Number(totals!.transactions),
    accountsDriftedFromEntries: drifted.length,
    unbalancedTransactions: unbalanced.length,
    revenue: BigInt(revenue!.held),
    feesLessCommissions: BigInt(revenue!.earned),
    commissionFloat: BigInt(revenue!.float),
    fundedLessCommissions: BigInt(revenue!.funded),
    balances: Object.fromEntries(balances.map((row) => [row.id, row.balance])),
    countersDriftedFromHistory: counters.length,
    notifications: told!.notifications,
    unreadDrifted: told!.unread_drifted,
  };
}

/**
 * The rows of limit_counters that differ from their rebuild from every movement (the trigger's
 * count against limit_counters_from_history), each as "counted" or "history" and its key and
 * figures: none while the two agree.
 */
export async function countersDriftedFromHistory(db: Database) {
  const { rows } = (await db.execute(sql`
    with counted as (select user_id, type, side, period, starts, amount, movements::bigint as movements from limit_counters),
         history as (select * from limit_counters_from_history('-infinity', 'infinity'))
    select 'counted' as source, * from (select * from counted except all select * from history) c
    union all
    select 'history', * from (select * from history except all select * from counted) h
    order by 1, 2, 3, 4, 5, 6`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map((row) => Object.values(row).map(String).join(' '));
}

/** A transfer of `poisha` written straight into the ledger at `at` (ISO), as any writer could, as if made then. */
export async function transferredAt(
  db: Database,
  from: Pick<Person, 'id' | 'walletId'>,
  to: Pick<Person, 'id' | 'walletId'>,
  poisha: number,
  at: string,
) {
  await db.execute(sql`
    with moved as (
      insert into transactions (type, amount, sender_user_id, receiver_user_id, created_at)
      values ('transfer', ${poisha}, ${from.id}, ${to.id}, ${at}::timestamptz)
      returning id, created_at)
    insert into ledger_entries (transaction_id, account_id, amount, created_at)
    select id, ${from.walletId}::uuid, ${-poisha}::bigint, created_at from moved
    union all select id, ${to.walletId}::uuid, ${poisha}::bigint, created_at from moved`);
}

export async function expectLedgerConsistent(db: Database) {
  const state = await ledgerState(db);
  expect(state.sumOfBalances).toBe(0n);
  expect(state.sumOfEntries).toBe(0n);
  expect(state.negativeWallets).toBe(0);
  expect(state.accountsDriftedFromEntries).toBe(0);
  expect(state.unbalancedTransactions).toBe(0);
  expect(state.revenue).toBe(state.feesLessCommissions);
  expect(state.commissionFloat).toBe(state.fundedLessCommissions);
  expect(state.commissionFloat >= 0n).toBe(true);
  expect(state.countersDriftedFromHistory).toBe(0);
  expect(state.unreadDrifted).toBe(0);
  return state;
}

function causeOf(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
}

/**
 * Runs `write` in a transaction, as any program with SQL access could, that the database must
 * refuse with `reason` (at once or at commit); the ledger must be left as it was.
 */
export async function expectWriteRefused(db: Database, write: (tx: Tx) => Promise<unknown>, reason: RegExp) {
  const before = await ledgerState(db);
  const outcome = await db.transaction(write).then(
    () => 'committed',
    (error: unknown) => causeOf(error),
  );
  expect(outcome).toMatch(reason);
  expect(await ledgerState(db)).toEqual(before);
}

/**
 * SQL as the schema's owner, which a test needs to change the schema itself (a trigger, a
 * function renamed for a moment): on PostgreSQL its own connection (the API's role owns nothing),
 * on the embedded database the one role there is. Call `end` when done.
 */
export async function ownerSql(database: DatabaseHandle & { ownerUrl?: string }) {
  if (!database.ownerUrl) {
    return Object.assign((text: string) => database.db.execute(sql.raw(text)), { end: async () => {} });
  }
  const client = new Client({ connectionString: database.ownerUrl });
  await client.connect();
  return Object.assign((text: string) => client.query(text), { end: () => client.end() });
}

/**
 * The test database as a bulk loader sees it: on PostgreSQL the cluster's superuser (a loader's
 * `session_replication_role = replica` is a superuser's setting), on the embedded database the
 * one role there is.
 */
export async function loaderDatabase(database: DatabaseHandle & { url?: string }) {
  if (!database.url) return { db: database.db, close: async () => {} };
  const client = new Client({ connectionString: database.url.replace(`//${API_ROLE}@`, '//wallet@') });
  await client.connect();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return { db: drizzle({ client }) as unknown as Database, close: () => client.end() };
}

/** A second connection to the test database, as another process or request would have (PostgreSQL only). */
export async function outsideClient(database: { url?: string }) {
  const { url } = database;
  if (!url) throw new Error('outsideClient needs the PostgreSQL test database');
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A context with its own settings for the length of `run`, closed afterwards whatever happens. */
export async function withTestContext(env: Env, run: (context: TestContext) => Promise<void>) {
  const context = await createTestContext(env);
  try {
    await run(context);
  } finally {
    await context.close();
  }
}

/** The status of each request, sent one after another (each one's count is what the next meets). */
export async function statusesInTurn<T>(
  items: readonly T[],
  send: (item: T, index: number) => Promise<{ statusCode: number }>,
) {
  const statuses: number[] = [];
  for (const [index, item] of items.entries()) statuses.push((await send(item, index)).statusCode);
  return statuses;
}

/** A wrong-password login for `email`, as any instance's `inject` would send it. */
export const failedLogin = (email: string) =>
  ({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'not the password' } }) as const;

/** Figures of one row of limits, in Taka (counts as counts); a figure not named is "no limit". */
export interface LimitFigures {
  min?: number;
  max?: number;
  daily?: number;
  monthly?: number;
  dailyCount?: number;
  monthlyCount?: number;
  maxBalance?: number;
}

const poishaOrNull = (taka: number | undefined) => (taka === undefined ? null : Math.round(taka * 100));

/** A row of the fee schedule in poisha and basis points (fees' columns), anything left out zero or none. */
export interface FeeFigures {
  percentBp?: number;
  fixed?: number;
  minimum?: number | null;
  maximum?: number | null;
  freeMonthly?: number | null;
  agentShareBp?: number;
  agentCommissionBp?: number;
}

/**
 * Funds the commission float by a deposit of `taka`, through the database's own funding (one
 * float-funding transaction), as an approved funding does: the seeded schedule's cash-in
 * commission is paid only from what the float holds.
 */
export async function fundCommissionFloat(db: Database, taka = 100_000) {
  await db.execute(sql`select commission_float_fund(${Math.round(taka * 100)}::bigint, 'deposit')`);
}

/** Sets one row of the fee schedule outright, straight in the database. */
export async function setFees(db: Database, type: 'transfer' | 'cash-out' | 'cash-in', figures: FeeFigures) {
  await db.execute(sql`
    update fees set percent_bp = ${figures.percentBp ?? 0}, fixed = ${figures.fixed ?? 0},
      minimum = ${figures.minimum ?? null}, maximum = ${figures.maximum ?? null},
      free_monthly = ${figures.freeMonthly ?? null}, agent_share_bp = ${figures.agentShareBp ?? 0},
      agent_commission_bp = ${figures.agentCommissionBp ?? 0}
    where type = ${type}`);
}

/** Sets one row of the limits table outright (type null: the maximum balance's row). */
export async function setLimits(db: Database, holder: LimitHolder, type: MovementType | null, figures: LimitFigures) {
  await db.execute(sql`
    update limits set
      min_amount = ${poishaOrNull(figures.min)}, max_amount = ${poishaOrNull(figures.max)},
      daily_amount = ${poishaOrNull(figures.daily)}, monthly_amount = ${poishaOrNull(figures.monthly)},
      daily_count = ${figures.dailyCount ?? null}, monthly_count = ${figures.monthlyCount ?? null},
      max_balance = ${poishaOrNull(figures.maxBalance)}
    where holder = ${holder} and type is not distinct from ${type}::transaction_type`);
}

/** The limits table as it is now, and a function that puts it back so. */
export async function savedLimits(db: Database) {
  const { rows } = (await db.execute(sql`select jsonb_agg(l)::text as saved from limits l`)) as unknown as {
    rows: { saved: string }[];
  };
  const saved = rows[0]!.saved;
  return async () => {
    await db.execute(sql`
      update limits l set min_amount = s.min_amount, max_amount = s.max_amount, daily_amount = s.daily_amount,
        monthly_amount = s.monthly_amount, daily_count = s.daily_count, monthly_count = s.monthly_count,
        max_balance = s.max_balance
      from jsonb_populate_recordset(null::limits, ${saved}::jsonb) s
      where s.holder = l.holder and s.type is not distinct from l.type`);
  };
}

/**
 * Lifts the verified tiers' 50-Taka cash-out minimum (migration 0038) for a test about something
 * else (fees to the poisha, invariants under random amounts); returns what puts it back.
 */
export async function liftCashOutMinimum(db: Database) {
  const restore = await savedLimits(db);
  await db.execute(sql`update limits set min_amount = null where type = 'cash-out'`);
  return restore;
}
