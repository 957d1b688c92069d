#!/usr/bin/env node
// `pnpm start`: build every front end, and the API, whose build is missing or older than its
// sources, then run the compiled API with the site on its port (host at /, releases under /releases/<area>/<version>/, API under /api/v1)
// on the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireProjectNode } from '../shared/src/runtime/node.js';

requireProjectNode('pnpm start');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** An app's webpack, run on this process's Node (the project's), not on a `node` from the PATH. */
const webpack = (dir) => createRequire(path.join(root, dir, 'package.json')).resolve('webpack-cli/bin/cli.js');

// SKIP_AREAS=merchant: those areas are neither built nor published (the API reads it too); the
// site runs without them until `pnpm release <area>` publishes one.
const APPS = JSON.parse(readFileSync(path.join(root, 'shared', 'src', 'areas.json'), 'utf8'));
const skipped = new Set(
  (process.env.SKIP_AREAS ?? '')
    .split(',')
    .map((name) => APPS[name.trim()]?.package)
    .filter(Boolean),
);
const frontEnds = readdirSync(root)
  .filter((name) => name === 'host' || name.startsWith('remote-'))
  .filter((name) => !skipped.has(name))
  .filter((name) => existsSync(path.join(root, name, 'package.json')))
  .map((name) => ({ name, built: path.join(root, name, 'dist', name === 'host' ? 'index.html' : 'mf-manifest.json') }));

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((entry) => newest(path.join(target, entry))));
}

const sourcesOf = (name) => [
  path.join(root, name, 'src'),
  path.join(root, name, 'webpack.config.js'),
  path.join(root, name, 'package.json'),
  path.join(root, 'shared', 'src'),
];
const isStale = ({ name, built }) =>
  !existsSync(built) || Math.max(...sourcesOf(name).map(newest)) > statSync(built).mtimeMs;

/** One front end's production build; resolves with its exit status. */
function buildFrontEnd(app) {
  console.log(`Building ${app.name} (no build, or older than its sources)...`);
  const started = Date.now();
  // The host is a release like the others: built under the path it is served from as one
  // (/releases/host/<version>/), its version written beside it for the site to publish at start.
  const version = `build-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  const build = spawn(process.execPath, [webpack(app.name), '--mode', 'production', '--stats', 'errors-warnings'], {
    cwd: path.join(root, app.name),
    stdio: 'inherit',
    env: { ...process.env, ...(app.name === 'host' ? { PUBLIC_PATH: `/releases/host/${version}/` } : {}) },
  });
  return new Promise((resolve) =>
    build.on('exit', (status) => {
      if (status === 0) {
        if (app.name === 'host')
          writeFileSync(path.join(root, 'host', 'dist', 'release.json'), JSON.stringify({ version }));
        console.log(`Built ${app.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      resolve(status ?? 1);
    }),
  );
}

// As many builds at once as the machine has cores: one webpack run leaves a core idle for much of
// its time (module graph, emit): two at a time on two cores built all five in 45 s against 62 s.
const stale = frontEnds.filter(isStale);
const statuses = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), stale.length) }, async () => {
    for (let app = stale.shift(); app; app = stale.shift()) statuses.push(await buildFrontEnd(app));
  }),
);
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

// The API runs compiled (api/dist/server.js, @wallet/shared bundled in), built when missing or
// older than its sources, as production runs it: no TypeScript loader at runtime.
const apiBuilt = path.join(root, 'api', 'dist', 'server.js');
const apiSources = [
  path.join(root, 'api', 'src'),
  path.join(root, 'api', 'package.json'),
  path.join(root, 'shared', 'src'),
];
if (!existsSync(apiBuilt) || Math.max(...apiSources.map(newest)) > statSync(apiBuilt).mtimeMs) {
  console.log('Building api (no build, or older than its sources)...');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(root, 'api'), stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API is started directly (not through a package manager) so a stop signal reaches it.
const api = spawn(process.execPath, ['dist/server.js'], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: { ...process.env, SITE_ROOT: process.env.SITE_ROOT ?? root },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
