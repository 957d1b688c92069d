/**
 * What checking a wallet PIN costs, per movement. Prints figures; asserts nothing.
 * Run: pnpm --filter @wallet/api bench:pin
 *
 *  1. the API's part: the PIN's keyed hash (HMAC-SHA256 under PIN_SECRET), in microseconds;
 *  2. the database's part: pin_digest (SHA-256 over it and the person's id) on embedded PGlite;
 *  3. what a slow password hash (the Argon2id sign-ins use) would cost instead, for comparison.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../src/db/client';
import { hashPassword, DEFAULT_PASSWORD_COST } from '../src/identity/passwords';
import { keyedPin, pinKeys } from '../src/identity/pin';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:pin');

async function main() {
  const keys = pinKeys(['bench-pin-secret-of-at-least-32-characters']);
  const rounds = 100_000;
  let started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i += 1) keyedPin(String(10_000 + (i % 90_000)), keys);
  const hmacMicros = Number(process.hrtime.bigint() - started) / 1000 / rounds;
  console.log(`API: keyed hash of a PIN          ${hmacMicros.toFixed(2)} µs per movement (${rounds} rounds)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-pin-'));
  const database = await openDatabase({ dataDir });
  try {
    const keyed = keyedPin('24680', keys)[keys[0]!.id]!;
    const user = randomUUID();
    const sqlRounds = 20_000;
    const timed = async (text: string) => {
      const begin = process.hrtime.bigint();
      await database.query({ name: '', text }, [keyed, user, sqlRounds]);
      return Number(process.hrtime.bigint() - begin) / 1000 / sqlRounds;
    };
    // A person's id made per row, so the immutable function is computed each time, not folded once.
    const empty = await timed(
      `select count(md5(n::text || $2::text)::uuid) from generate_series(1, $3::int) n where $1::text is not null`,
    );
    const digest = await timed(
      `select count(pin_digest($1, md5(n::text || $2::text)::uuid)) from generate_series(1, $3::int) n`,
    );
    console.log(
      `database: pin_digest             ${(digest - empty).toFixed(2)} µs per movement (PGlite, ${sqlRounds} rounds)`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  started = process.hrtime.bigint();
  await hashPassword('24680', DEFAULT_PASSWORD_COST);
  const passwordMs = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `for comparison: one Argon2id password hash (19 MiB, 2 passes) ${passwordMs.toFixed(1)} ms: what a password hash would add to each movement`,
  );
}

void main();
