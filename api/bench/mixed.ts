/**
 * bench:mixed — a black-box mix of operations over HTTP against the compiled API, as production
 * runs it, on PostgreSQL 15 with production durability (the people are seeded into it directly):
 * registrations, sign-ins, picker searches, lists, deposits, transfers, cash-outs, admin actions
 * and concurrent keyed replays, BENCH_OPS of them (10,000) BENCH_CONCURRENCY at a time (32).
 * Prints operations per second, latency percentiles and every status seen. Figures, never
 * assertions. One client address stands for many people here, so the per-address limits (sign-in,
 * registration, the password-hashing line) are raised; every other setting is the default.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { startMailbox } from '../test/mailbox';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { CLIENT_REPORT_SECRET, type Person, PIN, PIN_SECRET, seedPeople, startApi, VAPID_KEYS } from './harness';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:mixed');

const OPS = Number(process.env.BENCH_OPS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PORT = 18_600;
const SITE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'a bench password';
const ADMIN = { email: 'admin@bench.example', password: 'bench admin password' };

type Operation = (ctx: Context) => Promise<number[]>;
interface Context {
  users: Person[];
  agents: Person[];
  accounts: { email: string }[];
  admin: string;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const key = () => `mixed-${randomUUID()}`;

async function call(
  method: string,
  url: string,
  cookie?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${SITE}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

const money = (url: string, person: Person, body: unknown, idempotency = key()) =>
  call('POST', url, person.cookie, body, { 'idempotency-key': idempotency, 'x-wallet-pin': PIN });

/** The mix, by weight (of 100). */
const MIX: [number, string, Operation][] = [
  [4, 'register', async () => [(await call('POST', '/user/register', undefined, newPerson())).status]],
  [
    8,
    'sign in',
    async ({ accounts }) => [
      (await call('POST', '/auth/login', undefined, { email: pick(accounts).email, password: PASSWORD })).status,
    ],
  ],
  [
    10,
    'search',
    async ({ users }) => [
      (await call('GET', '/user/all-user?purpose=transfer&search=Bench', pick(users).cookie)).status,
    ],
  ],
  [
    22,
    'list',
    async ({ users }) => [
      (
        await call(
          'GET',
          pick(['/transaction/me', '/transaction/me', '/analytics/me/overview', '/wallet/me']),
          pick(users).cookie,
        )
      ).status,
    ],
  ],
  [
    10,
    'deposit',
    async ({ users }) => [
      (await call('POST', '/wallet/deposit', pick(users).cookie, { balance: 1 }, { 'idempotency-key': key() })).status,
    ],
  ],
  [
    24,
    'transfer',
    async ({ users }) => [
      (await money('/wallet/transfer', pick(users), { receiverId: pick(users).id, balance: 1 })).status,
    ],
  ],
  [
    10,
    'cash-out',
    async ({ users, agents }) => [
      (await money('/agent/cash-out', pick(users), { agentId: pick(agents).id, balance: 1 })).status,
    ],
  ],
  [
    6,
    'admin',
    async ({ admin, users }) => {
      const choice = Math.random();
      if (choice < 0.4) return [(await call('GET', '/admin/users?page=1&limit=10', admin)).status];
      if (choice < 0.8) return [(await call('GET', '/admin/transactions?page=1&limit=10', admin)).status];
      const wallet = (await (
        await fetch(`${SITE}/api/v1/wallet/me`, { headers: { cookie: pick(users).cookie } })
      ).json()) as {
        data: { _id: string };
      };
      return [
        (await call('PATCH', `/admin/block/${wallet.data._id}`, admin)).status,
        (await call('PATCH', `/admin/unblock/${wallet.data._id}`, admin)).status,
      ];
    },
  ],
  [
    6,
    'keyed replay',
    async ({ users }) => {
      const [from, to] = [pick(users), pick(users)];
      const same = key();
      const answers = await Promise.all(
        [0, 1].map(() => money('/wallet/transfer', from, { receiverId: to.id, balance: 1 }, same)),
      );
      return answers.map((answer) => answer.status);
    },
  ],
];

function choose() {
  let roll = Math.random() * 100;
  for (const entry of MIX) {
    roll -= entry[0];
    if (roll < 0) return entry;
  }
  return MIX.at(-1)!;
}

function newPerson() {
  const tag = randomBytes(6).toString('hex');
  return { name: `Mixed ${tag}`, email: `mixed.${tag}@bench.example`, password: PASSWORD };
}

async function main() {
  const cluster = await startCluster({ durable: true });
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-mixed-'));
  let api: ChildProcess | undefined;
  try {
    api = await startApi(
      {
        DATABASE_URL: cluster.url,
        SMTP_URL: mailbox.url,
        PUBLIC_URL: 'http://localhost',
        DATA_DIR: dataDir,
        PIN_SECRET,
        CLIENT_REPORT_SECRET,
        ...VAPID_KEYS,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        REGISTER_RATE_LIMIT: '1000000',
        LOGIN_RATE_LIMIT: '1000000',
        LOGIN_ADDRESS_RATE_LIMIT: '1000000',
        PASSWORD_HASH_QUEUE: '1000',
        PASSWORD_HASH_QUEUE_PER_ADDRESS: '1000',
      },
      PORT,
    );
    // People with sessions and PINs straight into the database; some with passwords, through the API.
    const { users, agents } = await seed(cluster.url);
    const accounts = [];
    for (let n = 0; n < 16; n += 1) {
      const person = newPerson();
      if ((await call('POST', '/user/register', undefined, person)).status !== 201)
        throw new Error('seed registration');
      accounts.push(person);
    }
    const signedIn = await fetch(`${SITE}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const admin = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    for (const person of users)
      await call('POST', '/wallet/deposit', person.cookie, { balance: 5_000 }, { 'idempotency-key': key() });
    const context: Context = { users, agents, accounts, admin };

    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    let started = 0;
    let done = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < OPS) {
          started += 1;
          const [, name, operation] = choose();
          const at = performance.now();
          try {
            for (const status of await operation(context)) {
              statuses.set(`${name} ${status}`, (statuses.get(`${name} ${status}`) ?? 0) + 1);
              done += 1;
            }
          } catch {
            statuses.set(`${name} error`, (statuses.get(`${name} error`) ?? 0) + 1);
            done += 1;
          }
          latencies.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    const percentile = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!;
    console.log(
      `bench:mixed on PostgreSQL 15 (durable): ${done} operations, ${CONCURRENCY} at a time, in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `${(done / seconds).toFixed(0)} operations/s   p50 ${percentile(50).toFixed(1)} ms   p99 ${percentile(99).toFixed(1)} ms`,
    );
    for (const [status, count] of [...statuses].sort()) console.log(`  ${status.padEnd(24)} ${count}`);
    console.log(await ledgerCheck(cluster.url));
  } finally {
    api?.kill('SIGTERM');
    await mailbox.close();
    stopCluster(cluster);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bench people: 1,000 users and 5 agents, each with a session and a PIN, written straight into the database. */
async function seed(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const query = async <T>(text: string, values: unknown[]) => (await client.query(text, values)).rows as T[];
    return { users: await seedPeople(query, 1_000, 'USER'), agents: await seedPeople(query, 5, 'AGENT') };
  } finally {
    await client.end();
  }
}

/** The same correctness after the mix: entries net to zero, each wallet holds its entries, none below zero. */
async function ledgerCheck(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ net: string; drifted: number; negative: number; entries: number }>(`
      select (select coalesce(sum(amount), 0) from ledger_entries)::text as net,
             (select count(*)::int from ledger_entries) as entries,
             (select count(*)::int from accounts a where a.kind = 'WALLET' and a.balance <>
                (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)) as drifted,
             (select count(*)::int from accounts where kind = 'WALLET' and balance < 0) as negative`);
    const [row] = rows;
    return `ledger after the mix: ${row!.entries} entries netting to ${row!.net}, ${row!.drifted} wallets off their entries, ${row!.negative} below zero`;
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
