import { requireProjectNode } from '@wallet/shared/node-runtime';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startTelemetry } from './telemetry';
import { ensureAdmin, resetAdminPassword } from './identity/users';
import { startMaintenance } from './maintenance';
import { describeDbError } from './db/errors';
import { publishCheckoutBuilds } from './site/releases';
import { registerStartupToken } from './site/deploy-tokens';
import { embeddedSecret } from './lib/secrets';
import { embeddedVapidKeys } from './notifications/push';
import { startOutbox } from './notifications/outbox';
import { embeddedPinSecret } from './identity/pin';
import { writeFile } from 'node:fs/promises';

requireProjectNode('The API');

const DEV_ADMIN_EMAIL = 'admin@wallet.local';

/**
 * The `startup` deploy token (DEPLOY_TOKEN, stored hashed; on the embedded database a fresh one
 * per start, written to DATA_DIR/deploy-token for the release commands; either replaces the
 * previous start's, named tokens stay), then the checkout's builds that are not released yet,
 * published and made live (`pnpm start` from a fresh clone).
 */
async function prepareReleases(app: Awaited<ReturnType<typeof buildApp>>, kind: 'pglite' | 'postgres') {
  let said = '';
  if (app.config.deployToken) {
    await registerStartupToken(app.db, app.config.deployToken);
  } else if (kind === 'pglite') {
    const token = `wdt_${randomBytes(32).toString('base64url')}`;
    await registerStartupToken(app.db, token);
    const file = path.resolve(app.config.dataDir, 'deploy-token');
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    said += `Deploy token for the release commands: ${file}\n`;
  }
  if (app.config.siteRoot) {
    const published = await publishCheckoutBuilds(
      app.db,
      path.resolve(app.config.siteRoot),
      path.resolve(app.config.releasesDir),
      app.config.skipAreas,
    );
    if (published.length) said += `Released from the checkout: ${published.join(', ')}\n`;
  }
  return said;
}

async function main() {
  // Before anything loads the database driver or builds the app: both are instrumented.
  const stopTelemetry = await startTelemetry();
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({
        databaseUrl: config.databaseUrl,
        ownerUrl: config.databaseOwnerUrl,
        readUrl: config.databaseReadUrl,
        readWaitMs: config.databaseReadWaitMs,
        poolSize: config.databasePoolSize,
        timeouts: config.databaseTimeouts,
      })
    : await openDatabase({ dataDir: path.resolve(config.dataDir) });
  // The embedded database keeps its PIN secret beside it (DATABASE_URL requires PIN_SECRET).
  if (config.pinSecrets.length === 0) config.pinSecrets.unshift(await embeddedPinSecret(config.dataDir));
  // ...and the key of the pages' report tokens (DATABASE_URL requires CLIENT_REPORT_SECRET).
  config.clientReportSecret ??= await embeddedSecret(config.dataDir, 'client-report-secret');
  // ...and its VAPID key pair, which signs Web Push (DATABASE_URL requires VAPID_*_KEY).
  config.vapid ??= { ...(await embeddedVapidKeys(config.dataDir)), subject: config.vapidSubject };
  const app = await buildApp({ config, database });

  let adminLogin: string | undefined;
  if (config.admin) {
    const { created } = await ensureAdmin(app.db, config.admin, app.passwords.cost);
    adminLogin = `${config.admin.email} (${created ? 'created' : 'existing account'}, password from ADMIN_PASSWORD)`;
  } else if (database.kind === 'pglite') {
    const password = randomBytes(12).toString('base64url');
    const { user, created } = await ensureAdmin(app.db, { email: DEV_ADMIN_EMAIL, password }, app.passwords.cost);
    if (!created) await resetAdminPassword(app.db, user.id, password, app.passwords.cost);
    adminLogin = `${DEV_ADMIN_EMAIL} / ${password} (development admin: set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`;
  } else {
    app.log.warn('ADMIN_EMAIL and ADMIN_PASSWORD are not set: no admin account was created');
  }
  const deploy = await prepareReleases(app, database.kind);
  // Notifications to push or mail leave after their commit, from any instance.
  const stopOutbox = startOutbox(
    app.db,
    { vapid: config.vapid, testService: config.pushTestService, mailer: app.mailer, log: app.log },
    config.outboxEveryMs,
  );
  const stopMaintenance = startMaintenance(app.db, app.sessionLimits.idleMs, app.log, {
    rollouts: config.rollouts,
    bonusBudget: config.bonusDailyBudget,
    releasesDir: config.siteRoot ? path.resolve(config.releasesDir) : undefined,
  });

  // A graceful drain: readiness turns 503 so the proxy stops sending requests here, the live
  // streams are closed with a hint to reconnect (through the proxy, to another instance), the
  // instance keeps serving for SHUTDOWN_DRAIN_MS while the proxy notices, then it stops accepting,
  // finishes what is in flight, and exits.
  const close = async () => {
    app.lifecycle.draining = true;
    app.log.info({ drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    await app.walletEvents.close();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    stopMaintenance();
    stopOutbox();
    await app.close();
    await database.close();
    await stopTelemetry?.();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  const address = await app.listen({ host: config.host, port: config.port });
  const url = address.replace('127.0.0.1', 'localhost');
  // Printed straight to the terminal, not the log: the person starting the site needs it once.
  process.stdout.write(
    `\nDigital Wallet is running at ${url}/  (API ${url}/api/v1, docs ${url}/api/docs, database: ${database.kind})\n` +
      (adminLogin ? `Admin login: ${adminLogin}\n` : '') +
      (app.mailer.outbox ? `Mail (development outbox, nothing is sent): ${url}/dev/mail\n` : '') +
      deploy +
      '\n',
  );
}

main().catch((error) => {
  // A failed query's own message carries its parameter values (a password hash): say only what is safe.
  const database = describeDbError(error);
  console.error(
    database
      ? `Database error ${database.code ?? ''}: ${database.message}`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
