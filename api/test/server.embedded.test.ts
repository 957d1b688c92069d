import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** `pnpm start` as a person runs it: the real server process on a fresh embedded database. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-start-'));
let server: ChildProcess | undefined;
after(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('starting the API on the embedded database', () => {
  it('should migrate a fresh data folder, print the URL and a working development admin login', async () => {
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const started = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 60_000);
      server!.stdout!.on('data', () => {
        if (/Admin login: /.test(output)) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
    expect({ started, output }).toMatchObject({ started: true });
    expect(output).toContain(`Digital Wallet is running at http://localhost:${port}/`);
    const [, email, password] = output.match(/Admin login: (\S+) \/ (\S+)/)!;

    const base = `http://127.0.0.1:${port}/api/v1`;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { role: string } }).data.role).toBe('ADMIN');
  });
});
