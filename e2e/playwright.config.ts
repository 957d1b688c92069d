import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { requireProjectNode } from '@wallet/shared/node-runtime';
import { E2E_ADMIN } from './support/admin-account';

requireProjectNode('The end-to-end specs');
/** The servers run on this process's Node, the project's, never on a `node` from the PATH. */
const NODE = JSON.stringify(process.execPath);

/** The site as `pnpm start` runs it, on its own port and a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Made once by the runner; its workers load this file again and inherit the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'wallet-e2e-'));
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * A second site, at http://localhost:<port>: Sign in with Google configured against a local
 * OpenID provider, and passkeys (browsers refuse an IP address as a passkey's relying party, so
 * they need a host name; this site's PUBLIC_URL makes `localhost` its relying party).
 */
const LOCAL_PORT = PORT + 1;
const OIDC_PORT = PORT + 2;
export const LOCAL_SITE_URL = `http://localhost:${LOCAL_PORT}`;
process.env.E2E_LOCAL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'wallet-e2e-local-'));
/** Where a spec serves an area's release from another origin (a CDN's stand-in): the site trusts it. */
export const OTHER_ORIGIN_PORT = PORT + 7;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // No trace unless asked for (`--trace retain-on-failure`): recording one for every test, to
    // keep it only when the test fails, took 40% of the specs' time on this 2-core machine
    // (screencast frames and DOM snapshots at every step), and CI keeps the log, not the files.
    trace: 'off',
    // Debian's Chromium: nothing here downloads a browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started in this order: the first site builds what is missing, the others reuse the builds.
  webServer: [
    {
      command: `${NODE} ../scripts/start.mjs`,
      url: `${BASE_URL}/api/v1/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        // The links in mail (the development outbox, /dev/mail) point back to this site.
        PUBLIC_URL: BASE_URL,
        // Releases may come from the site itself and from the one other origin a spec serves.
        RELEASE_ORIGINS: `${BASE_URL} http://127.0.0.1:${OTHER_ORIGIN_PORT}`,
        // A rollout is judged after a handful of page views, and soon: the specs cannot wait for 200.
        ROLLBACK_MIN_VIEWS: '5',
        // Every browser of the specs is one network (127.0.0.1): the rule's networks are one here.
        ROLLBACK_MIN_NETWORKS: '1',
        ROLLOUT_CHECK_SECONDS: '2',
        RELEASE_STATS_FLUSH_SECONDS: '1',
        // The merchant area starts unpublished: merchant-area.spec.ts releases it on the running
        // site with `pnpm release merchant` (issue 45: a new area goes live without the host).
        SKIP_AREAS: 'merchant',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Every spec registers and signs in people from this one address within a minute or two.
        REGISTER_RATE_LIMIT: '1000',
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_ADDRESS_RATE_LIMIT: '1000',
      },
    },
    {
      command: `${NODE} support/oidc-provider.mjs`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: `${NODE} ../scripts/start.mjs`,
      // Its server listens on 127.0.0.1, where `localhost` reaches it.
      url: `http://127.0.0.1:${LOCAL_PORT}/api/v1/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(LOCAL_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_LOCAL_DATA_DIR,
        // Its specs (Google, passkeys, staff) need no merchant area: not built at start here either.
        SKIP_AREAS: 'merchant',
        LOG_LEVEL: 'warn',
        // Money's rules change only with two staff members here, as on a production database: the
        // staff spec's fee change is proposed by one and approved by another.
        SECOND_APPROVAL: 'required',
        PUBLIC_URL: LOCAL_SITE_URL,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_ADDRESS_RATE_LIMIT: '1000',
        GOOGLE_CLIENT_ID: 'wallet-e2e',
        GOOGLE_CLIENT_SECRET: 'wallet-e2e-secret',
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
      },
    },
  ],
});
