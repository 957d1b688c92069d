#!/usr/bin/env node
// `pnpm start`: build every front end that has no build yet, then run the API with the site on
// its port (host at /, remotes under /remotes/<area>/, API under /api/v1) on the embedded database.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpm = ['npx', '-y', 'pnpm@10'];

const frontEnds = readdirSync(root)
  .filter((name) => name === 'host' || name.startsWith('remote-'))
  .filter((name) => existsSync(path.join(root, name, 'package.json')))
  .map((name) => ({ name, built: path.join(root, name, 'dist', name === 'host' ? 'index.html' : 'mf-manifest.json') }));

for (const app of frontEnds.filter(({ built }) => !existsSync(built))) {
  console.log(`Building ${app.name} (not built yet)...`);
  const build = spawnSync(pnpm[0], [...pnpm.slice(1), '--dir', path.join(root, app.name), 'run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = spawn(pnpm[0], [...pnpm.slice(1), '--dir', path.join(root, 'api'), 'run', 'start'], {
  stdio: 'inherit',
  env: { ...process.env, SITE_ROOT: process.env.SITE_ROOT ?? root },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
