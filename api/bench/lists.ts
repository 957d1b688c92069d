/**
 * The lists at scale. Prints figures; asserts nothing. Run: pnpm --filter @wallet/api bench:lists
 *
 * Seeds a throwaway PostgreSQL 15 cluster with SEED_PEOPLE people (default 1,000,000) and
 * SEED_TRANSACTIONS transactions (default 10,000,000) with their ledger entries, one agent taking
 * 2% of all of them (a busy agent), then runs every list query exactly as the API sends it (the
 * API's own services, their SQL captured) under EXPLAIN (ANALYZE, BUFFERS), and prints each one's
 * time and whether its plan holds a sequential scan or a sort.
 *
 *   SEED_PEOPLE, SEED_TRANSACTIONS   the sizes
 *   SEED_URL                         an already seeded database to explain again (no cluster, no seeding)
 *   SEED_PLANS=1                     print each plan in full
 *   SEED_ONLY=insights               only the insights' queries (filtered histories, statement,
 *                                    overview, analytics, admin analytics), to measure them without
 *                                    the plain lists (bench:analytics: 100,000 people and 1,000,000
 *                                    transactions)
 */
import { Client, Pool } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { listPeople } from '../src/admin/people';
import { adminAnalytics, analytics, overview } from '../src/ledger/insights';
import { csvStatement, openStatement } from '../src/ledger/statement';
import { listAll, listForUser } from '../src/ledger/transactions';
import { listCounterparts } from '../src/identity/users';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:lists');

const PEOPLE = Number(process.env.SEED_PEOPLE ?? 1_000_000);
const TRANSACTIONS = Number(process.env.SEED_TRANSACTIONS ?? 10_000_000);
const AGENTS = Math.max(10, Math.round(PEOPLE / 1000));
const CHUNK = 500_000;

async function timed<T>(label: string, work: () => Promise<T>) {
  const started = Date.now();
  const result = await work();
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Written as the superuser would load a dump: triggers off while the bulk goes in (a loader's
 * `session_replication_role = replica`), then every wallet's balance and entry count set from its
 * entries in one statement, the limit counters rebuilt from the movements, and the ledger checked
 * whole before anything is measured.
 */
async function seed(client: Client) {
  await client.query(`set session_replication_role = replica`);
  await timed(`${PEOPLE} people with wallets`, async () => {
    await client.query(
      `insert into users (name, email, role, created_at)
       select 'Person ' || i || ' ' || substr(md5(i::text), 1, 6), 'person' || i || '@seed.example',
              case when i <= $2 then 'AGENT' else 'USER' end::role,
              now() - interval '2 years' + (i * interval '1 minute')
       from generate_series(1, $1) as i`,
      [PEOPLE, AGENTS],
    );
    await client.query(`insert into accounts (kind, user_id) select 'WALLET', id from users where role <> 'ADMIN'`);
    await client.query(`create temporary table people as select row_number() over (order by u.created_at) as n, u.id,
                        a.id as wallet from users u join accounts a on a.user_id = u.id`);
    await client.query(`create unique index on people (n)`);
    await client.query(`analyze people`);
  });
  const busyAgent = (await client.query<{ id: string }>(`select id from people where n = 1`)).rows[0]!.id;
  await timed(`${TRANSACTIONS} transactions with ${TRANSACTIONS * 2} entries`, async () => {
    // Everyone starts with a deposit large enough for what follows, so no wallet goes below zero.
    for (let done = 0; done < TRANSACTIONS; done += CHUNK) {
      const size = Math.min(CHUNK, TRANSACTIONS - done);
      await client.query('begin');
      await client.query(
        `create temporary table batch on commit drop as
         select gen_random_uuid() as id, kind,
                case when kind = 'deposit' then null
                     when kind = 'cash-in' then 1 + floor(random() * $4)::int
                     else $4 + 1 + floor(random() * ($3 - $4))::int end as sender,
                case when kind = 'cash-out' and random() < 0.67 then 1
                     when kind = 'cash-out' then 1 + floor(random() * $4)::int
                     else $4 + 1 + floor(random() * ($3 - $4))::int end as receiver,
                (100 + floor(random() * 100000))::bigint as amount,
                now() - interval '1 year' + ((($1 + i)::float / $2) * interval '1 year') as created_at
         from (select i, case when r < 0.05 then 'deposit' when r < 0.08 then 'cash-out' when r < 0.10 then 'cash-in'
                              else 'transfer' end::transaction_type as kind
               from (select i, random() as r from generate_series(1, $5) as i) picked) typed`,
        [done, TRANSACTIONS, PEOPLE, AGENTS, size],
      );
      await client.query(`delete from batch where sender = receiver`);
      await client.query(
        `insert into transactions (id, type, amount, sender_user_id, receiver_user_id, created_at)
         select b.id, b.kind, b.amount, s.id, r.id, b.created_at
         from batch b left join people s on s.n = b.sender join people r on r.n = b.receiver`,
      );
      await client.query(
        `insert into ledger_entries (transaction_id, account_id, amount, created_at)
         select b.id, coalesce(s.wallet, (select id from accounts where code = 'BANK_SETTLEMENT')), -b.amount, b.created_at
         from batch b left join people s on s.n = b.sender
         union all
         select b.id, r.wallet, b.amount, b.created_at from batch b join people r on r.n = b.receiver`,
      );
      await client.query('commit');
      process.stdout.write(`  ${done + size} / ${TRANSACTIONS}\n`);
    }
    // The starting deposits, a year before everything else.
    await client.query(
      `with deposits as (
         insert into transactions (type, amount, receiver_user_id, created_at)
         select 'deposit', 1000000000, id, now() - interval '1 year 1 day' from people returning id, receiver_user_id)
       insert into ledger_entries (transaction_id, account_id, amount)
       select d.id, (select id from accounts where code = 'BANK_SETTLEMENT'), -1000000000 from deposits d
       union all select d.id, p.wallet, 1000000000 from deposits d join people p on p.id = d.receiver_user_id`,
    );
  });
  await timed('balances from the entries', async () => {
    await client.query(
      `update accounts a set balance = e.balance, entry_count = e.n
       from (select account_id, sum(amount) as balance, count(*) as n from ledger_entries group by account_id) e
       where e.account_id = a.id and a.kind = 'WALLET'`,
    );
  });
  await timed('limit counters from the movements', async () => {
    await client.query(
      `insert into limit_counters (user_id, type, side, period, starts, amount, movements)
       select user_id, type, side, period, starts, amount, movements
       from limit_counters_from_history('-infinity', 'infinity')`,
    );
  });
  await client.query(`set session_replication_role = origin`);
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  const check = await client.query<{ net: string; negative: string; drifted: string }>(
    `select (select sum(amount) from ledger_entries)::text as net,
            (select count(*) from accounts where kind = 'WALLET' and balance < 0)::text as negative,
            (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                                   having sum(amount) <> 0) x)::text as drifted`,
  );
  console.log(
    `ledger check: entries net ${check.rows[0]!.net}, ${check.rows[0]!.negative} wallets below zero, ${check.rows[0]!.drifted} unbalanced transactions`,
  );
  return busyAgent;
}

/** What a captured statement is for, by its text. */
function kindOf(query: string) {
  if (query.includes('count(*)')) return 'count';
  if (query.includes('::text" from') || /::text from/.test(query)) return 'cursor';
  if (query.includes('"entry_count"')) return 'total';
  return 'rows';
}

interface Captured {
  query: string;
  params: unknown[];
}

async function explainLists(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const captured: Captured[] = [];
  // A pool, as the API has: a list runs its statements side by side.
  const pool = new Pool({ connectionString: url, max: 4 });
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;
  const pick = async (sql: string) => (await client.query<{ id: string }>(sql)).rows[0]!.id;
  const busyAgent = await pick(
    `select receiver_user_id as id from transactions where type = 'cash-out' group by 1 order by count(*) desc limit 1`,
  );
  // Someone in the middle: neither the first nor the last to join.
  const someUser = await pick(
    `select id from users where role = 'USER' order by created_at
     limit 1 offset (select count(*) / 2 from users where role = 'USER')`,
  );
  const counts = await client.query<{ agent: string; user: string; all: string }>(
    `select (select entry_count from accounts where user_id = $1)::text as agent,
            (select entry_count from accounts where user_id = $2)::text as user,
            (select reltuples::bigint from pg_class where relname = 'transactions')::text as all`,
    [busyAgent, someUser],
  );
  console.log(
    `\nbusy agent: ${counts.rows[0]!.agent} transactions; a user: ${counts.rows[0]!.user}; all: about ${counts.rows[0]!.all}\n`,
  );

  // Each list's first page, then the page after its last row, as Next asks for it.
  const page = (after?: string) => ({ page: after ? 2 : 1, limit: 5, after });
  const picker = (search: string) => ({ page: 1, limit: 10, search, purpose: 'transfer' as const });
  const cases: [string, (after?: string) => Promise<{ items: { _id: string }[] }>][] = [
    ["a user's history", (after) => listForUser(db, someUser, page(after))],
    ["the busy agent's history", (after) => listForUser(db, busyAgent, page(after))],
    ['all transactions (admin)', (after) => listAll(db, page(after))],
    ['users (admin)', (after) => listPeople(db, 'USER', page(after))],
    ['agents (admin)', (after) => listPeople(db, 'AGENT', page(after))],
    [
      'users (admin) searching "person 12345"',
      (after) => listPeople(db, 'USER', { ...page(after), search: 'person 12345' }),
    ],
    [
      'users (admin) searching an email',
      (after) => listPeople(db, 'USER', { ...page(after), search: 'person777@seed.example' }),
    ],
    [
      'picker: names with "person 4242"',
      () => listCounterparts(db, { id: someUser, role: 'USER' }, picker('person 4242')),
    ],
    [
      'picker: a whole email',
      () => listCounterparts(db, { id: someUser, role: 'USER' }, picker('person31337@seed.example')),
    ],
  ];
  const whole = async (work: Promise<unknown>) => (await work, { items: [] as { _id: string }[] });
  const someName = (await client.query<{ name: string }>(`select name from users where id = $1`, [busyAgent])).rows[0]!
    .name;
  const insights: typeof cases = [
    ["a user's history: transfers only", (after) => listForUser(db, someUser, { ...page(after), type: 'transfer' })],
    [
      "the busy agent's history: cash-ins only",
      (after) => listForUser(db, busyAgent, { ...page(after), type: 'cash-in' }),
    ],
    [
      "the busy agent's history: one month",
      (after) => listForUser(db, busyAgent, { ...page(after), from: monthAgo(2), to: monthAgo(1) }),
    ],
    [
      "a user's history: counterpart named like the busy agent",
      (after) => listForUser(db, someUser, { ...page(after), q: someName.slice(0, 9) }),
    ],
    ['all transactions (admin): deposits only', (after) => listAll(db, { ...page(after), type: 'deposit' })],
    [
      'all transactions (admin): one day',
      (after) => listAll(db, { ...page(after), from: monthAgo(1), to: monthAgo(1) }),
    ],
    ['all transactions (admin): a party named like …', (after) => listAll(db, { ...page(after), q: someName })],
    ["statement: the busy agent's first batch", () => whole(firstBatch(db, busyAgent))],
    ['overview: a user', () => whole(overview(db, someUser))],
    ['overview: the busy agent', () => whole(overview(db, busyAgent))],
    ['analytics: a user', () => whole(analytics(db, someUser))],
    ['analytics: the busy agent', () => whole(analytics(db, busyAgent))],
    ['admin analytics: 30 days', () => whole(adminAnalytics(db, 30))],
    ['admin analytics: 366 days', () => whole(adminAnalytics(db, 366))],
  ];
  if (process.env.SEED_ONLY === 'insights') cases.length = 0;
  cases.push(...insights);
  console.log(`${'list query'.padEnd(50)}${'statement'.padEnd(11)}${'time'.padStart(11)}  plan nodes`);
  for (const [name, run] of cases) {
    const first = await run();
    const cursor = first.items.at(-1)?._id;
    for (const after of name.startsWith('picker') || !cursor ? [undefined] : [undefined, cursor]) {
      captured.length = 0;
      await run(after);
      let label = after ? '  the next page (after its last row)' : name;
      for (const statement of captured) {
        // The planner's estimate asked for by a capped total runs no query: nothing to time.
        if (statement.query.startsWith('explain')) continue;
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers, format text) ${statement.query}`,
          statement.params,
        );
        const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]);
        const flags = [/Seq Scan/.test(text) ? 'SEQ SCAN' : '', /\bSort\b/.test(text) ? 'SORT' : '']
          .filter(Boolean)
          .join(' ');
        console.log(
          `${label.padEnd(50)}${kindOf(statement.query).padEnd(11)}${ms.toFixed(2).padStart(8)} ms  ${flags || 'indexes only'}`,
        );
        label = '';
        if (process.env.SEED_PLANS) console.log(`${statement.query}\n${text}\n`);
      }
    }
  }
  await client.end();
  await pool.end();
}

/** The day `months` months ago (UTC), as the history filters take it. */
function monthAgo(months: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** A year's statement as far as its first batch of rows (what the first byte waits for). */
async function firstBatch(db: Database, userId: string) {
  const statement = await openStatement(
    db,
    { id: userId, name: 'Agent', email: 'agent@seed.example' },
    {
      from: monthAgo(12),
      to: monthAgo(0),
    },
  );
  const lines = csvStatement(statement);
  await lines.next();
  await lines.next();
  await lines.return(undefined);
}

async function main() {
  if (process.env.SEED_URL) return explainLists(process.env.SEED_URL);
  const cluster = await startCluster();
  try {
    const handle = await openDatabase({ databaseUrl: cluster.url });
    await handle.close();
    const client = new Client({ connectionString: cluster.url });
    await client.connect();
    await seed(client);
    await client.end();
    await explainLists(cluster.url);
  } finally {
    if (process.env.SEED_KEEP) console.log(`cluster kept at ${cluster.url} (${cluster.root})`);
    else stopCluster(cluster);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
