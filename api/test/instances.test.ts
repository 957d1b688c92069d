import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { Client } from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { ensureAdmin } from '../src/identity/users';
import {
  failedLogin,
  PASSWORD,
  statusesInTurn,
  TEST_CLIENT_REPORT_SECRET,
  TEST_VAPID,
  TEST_PIN_SECRET,
  TEST_PASSWORD_COST,
} from './helpers';
import { startMailbox, type Mailbox } from './mailbox';

/**
 * Three API instances started at the same moment on one empty PostgreSQL database, as an
 * orchestrator does: every one must come up (migrations under an advisory lock, the first admin
 * created once), and the limits they enforce must be one limit, not three.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const adminUrl = process.env.TEST_POSTGRES_URL;
const name = `wallet_instances_${randomUUID().replace(/-/g, '')}`;
let handles: DatabaseHandle[] = [];
let apps: App[] = [];
let mailbox: Mailbox | undefined;

async function admin(sql: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

before(async () => {
  if (!onPostgres) return;
  await admin(`CREATE DATABASE ${name}`);
});
after(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(handles.map((handle) => handle.close()));
  await mailbox?.close();
  if (onPostgres) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('many API instances on one PostgreSQL', () => {
  it(
    'should bring up three instances started at once on an empty database, and hold one login limit across them',
    { skip: !onPostgres && 'instances share a PostgreSQL server; the embedded database belongs to one process' },
    async () => {
      const url = adminUrl!.replace(/\/postgres$/, `/${name}`);
      // An instance on PostgreSQL starts only with a way to send mail.
      mailbox = await startMailbox();
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        LOGIN_RATE_LIMIT: '4',
        DATABASE_URL: url,
        SMTP_URL: mailbox.url,
        PUBLIC_URL: 'http://localhost',
        PIN_SECRET: TEST_PIN_SECRET,
        CLIENT_REPORT_SECRET: TEST_CLIENT_REPORT_SECRET,
        ...TEST_VAPID,
      });
      const adminAccount = { email: 'first-admin@example.com', password: PASSWORD };

      handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 4 })));
      apps = await Promise.all(
        handles.map((database) => buildApp({ config, database, passwordCost: TEST_PASSWORD_COST })),
      );
      const admins = await Promise.all(apps.map((app) => ensureAdmin(app.db, adminAccount, TEST_PASSWORD_COST)));
      expect(admins.filter((result) => result.created)).toHaveLength(1);

      for (const app of apps) {
        expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      }
      const attempts = await statusesInTurn([...apps, ...apps], (app) => app.inject(failedLogin('target@example.com')));
      expect(attempts).toEqual([401, 401, 401, 401, 429, 429]);
      const login = await apps[2]!.inject({ method: 'POST', url: '/api/v1/auth/login', payload: adminAccount });
      expect(login.statusCode).toBe(200);
    },
  );
});
