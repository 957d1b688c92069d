import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './support/admin-account';

/** The site as `pnpm start` runs it, on its own port and a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Made once by the runner; its workers load this file again and inherit the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'wallet-e2e-'));
export const BASE_URL = `http://127.0.0.1:${PORT}`;

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
    trace: 'retain-on-failure',
    // Debian's Chromium: nothing here downloads a browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${BASE_URL}/api/v1/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every spec registers and signs in people from this one address within a minute or two.
      REGISTER_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
