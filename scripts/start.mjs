#!/usr/bin/env node
// `pnpm start`: build every front end that has no build yet, then run the API with the site on
// its port (host at /, remotes under /remotes/<area>/, API under /api/v1) on the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (dir, name) => path.join(root, dir, 'node_modules', '.bin', name);

const frontEnds = readdirSync(root)
  .filter((name) => name === 'host' || name.startsWith('remote-'))
  .filter((name) => existsSync(path.join(root, name, 'package.json')))
  .map((name) => ({ name, built: path.join(root, name, 'dist', name === 'host' ? 'index.html' : 'mf-manifest.json') }));

for (const app of frontEnds.filter(({ built }) => !existsSync(built))) {
  console.log(`Building ${app.name} (not built yet)...`);
  const build = spawnSync(bin(app.name, 'webpack'), ['--mode', 'production'], { cwd: path.join(root, app.name), stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API is started directly (not through a package manager) so a stop signal reaches it.
const api = spawn(bin('api', 'tsx'), ['src/server.ts'], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: { ...process.env, SITE_ROOT: process.env.SITE_ROOT ?? root },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
