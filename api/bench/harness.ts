import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { keyedPin, pinKeys } from '../src/identity/pin';

/** What the benchmarks share: people seeded straight into the database, and the API started as production runs it. */
export const API_ROOT = path.resolve(__dirname, '..');

export interface Person {
  id: string;
  cookie: string;
}

/** Every bench person's wallet PIN, under the PIN secret the bench's API instances are given. */
export const PIN = '24680';
export const PIN_SECRET = 'bench-pin-secret-of-at-least-32-characters';
/** The report tokens' key of a bench site on DATABASE_URL (which requires one). */
export const CLIENT_REPORT_SECRET = 'bench-client-report-secret-of-32-chars!';
/** The bench's VAPID key pair (DATABASE_URL requires one); older builds ignore it. */
export const VAPID_KEYS = {
  VAPID_PUBLIC_KEY: 'BAxFh06v_9EuNNN31tv9-7x3qihrXpqo_20iayDsbiEpLz3V04wtIL1zMkw3-u0DGmdY0wxWpzQ2XkebIMQX-oM',
  VAPID_PRIVATE_KEY: 'dmJju9AAqPqrzBLPVniMqs31yl3HiI9O0z7nLuR6K2Q',
};
export const [PIN_KEY] = pinKeys([PIN_SECRET]);
export const PIN_KEYED = keyedPin(PIN, [PIN_KEY!]);

/**
 * People with a wallet, a live session and a PIN, written straight into the database: no scrypt
 * per person.
 */
export type Query = <T>(text: string, values: unknown[]) => Promise<T[]>;

export async function seedPeople(query: Query, count: number, role: 'USER' | 'AGENT'): Promise<Person[]> {
  const people: Person[] = [];
  const tag = randomBytes(4).toString('hex');
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: createHash('sha256').update(token).digest('hex'), n: start + i };
    });
    const rows = await query<{ id: string; n: number }>(
      `with input as (select t.*, gen_random_uuid() as id from unnest($1::text[], $2::int[]) as t(hash, n)),
            -- The PIN is written with the row: a statement's parts cannot see each other's new rows.
            people as (
              insert into users (id, name, email, role, email_verified_at, pin_hash, pin_key_id, pin_set_at)
              select id, 'Bench ' || $3::text || ' ' || n, 'bench.' || $4::text || '.' || lower($3::text) || '.' || n || '@bench.example', $3::role, now(),
                     pin_digest($5, id), $6, now()
              from input returning id, email),
            wallets as (insert into accounts (kind, user_id) select 'WALLET', id from people),
            sessions as (
              insert into sessions (token_hash, user_id, expires_at)
              select input.hash, people.id, now() + interval '1 day'
              from people join input on people.email = 'bench.' || $4::text || '.' || lower($3::text) || '.' || input.n || '@bench.example')
       select people.id, input.n from people
       join input on people.email = 'bench.' || $4::text || '.' || lower($3::text) || '.' || input.n || '@bench.example'`,
      [batch.map((b) => b.hash), batch.map((b) => b.n), role, tag, PIN_KEYED[PIN_KEY!.id], PIN_KEY!.id],
    );
    for (const row of rows) people.push({ id: row.id, cookie: `wallet_session=${batch[row.n - start]!.token}` });
  }
  return people;
}

/**
 * Merchants: people seeded as above, their identity approved (a merchant takes money from the
 * public), each with an approved application and a merchant profile, written straight into the
 * database. Returns their merchant ids (what a payment names).
 */
export async function seedMerchants(query: Query, count: number): Promise<string[]> {
  const people = await seedPeople(query, count, 'USER');
  const rows = await query<{ id: string }>(
    `with owners as (update users set kyc_approved_at = now() where id = any($1::uuid[]) returning id),
          applications as (
            insert into merchant_applications (user_id, status, business_name, business_name_bn, category, city, city_bn,
                                               reason, decided_at)
            select id, 'approved', 'Bench Shop', 'বেঞ্চ দোকান', '5411', 'Dhaka', 'ঢাকা', 'Seeded by the bench', now()
            from owners returning id, user_id)
     insert into merchants (user_id, application_id, name, name_bn, category, city, city_bn)
     select user_id, id, 'Bench Shop', 'বেঞ্চ দোকান', '5411', 'Dhaka', 'ঢাকা' from applications returning id`,
    [people.map((person) => person.id)],
  );
  return rows.map((row) => row.id);
}

/** The API as production runs it: compiled (scripts/build.mjs), once per bench, then `node dist/server.js`. */
let built = false;
export function startApi(env: Record<string, string>, port: number): Promise<ChildProcess> {
  if (!built) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: API_ROOT, stdio: 'ignore' });
    built = true;
  }
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.js'], {
    cwd: API_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Digital Wallet is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}: ${errors}`)));
  });
}
