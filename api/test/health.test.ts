import { after, describe, it } from 'node:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_PIN_SECRET, createTestContext, openTestDatabase, TEST_PASSWORD_COST } from './helpers';

const scratch = mkdtempSync(path.join(tmpdir(), 'wallet-health-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder without its newest migration: a database one release behind. */
function oneMigrationBehind() {
  const folder = path.join(scratch, 'behind');
  cpSync(path.resolve(__dirname, '../drizzle'), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, -1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('health', () => {
  it('should answer liveness, readiness and /health when the database is up to date', async () => {
    const t = await createTestContext();
    try {
      const live = await t.inject({ method: 'GET', url: '/api/v1/health/live' });
      expect(live.json()).toMatchObject({ statusCode: 200, data: { status: 'ok' } });
      for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
        const ready = await t.inject({ method: 'GET', url });
        expect(ready.statusCode).toBe(200);
        expect(ready.json().data.status).toBe('ok');
        // One server, up: it takes writes (false only while a cluster's leader is away: test/cluster).
        expect(ready.json().data.writes).toBe(true);
      }
    } finally {
      await t.close();
    }
  });

  it('should not be ready on a database whose migrations are behind this code, while it is live', async () => {
    const database = await openTestDatabase(undefined, {
      sources: { migrationsFolder: oneMigrationBehind(), ledgerFolder: null },
    });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', PIN_SECRET: TEST_PIN_SECRET }),
      database,
      passwordCost: TEST_PASSWORD_COST,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
      for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
        const ready = await app.inject({ method: 'GET', url });
        expect([ready.statusCode, ready.json().code]).toEqual([503, 'UNAVAILABLE']);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('under pressure', () => {
  it('should answer 503 with Retry-After to everything but liveness and /metrics while the heap is over its limit', async () => {
    // A limit of one byte: the heap is over it from the first sample on.
    const t = await createTestContext({ PRESSURE_MAX_HEAP_USED_BYTES: '1' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      for (const url of ['/api/v1/health/ready', '/api/v1/user/me', '/api/v1/auth/login']) {
        const refused = await t.inject({ method: 'GET', url });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toMatchObject({
          success: false,
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: 'Service temporarily unavailable. Please try again.',
        });
      }
      expect((await t.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect(t.logs.join('')).toMatch(/under pressure: answered 503/);
    } finally {
      await t.close();
    }
  });
});
