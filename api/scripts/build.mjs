#!/usr/bin/env node
// Compiles the API for production into dist/server.js (esbuild): its sources and @wallet/shared's
// (TypeScript) bundled, every other package left to node_modules. The statement's PDF worker
// thread is an entry of its own, dist/statement-pdf-worker.js, beside it, and so is the site's
// service worker (for the browser), dist/sw.js, with its kill switch. `node dist/server.js` then runs
// it with no TypeScript loader. Migrations and the ledger's SQL stay files, read from the package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_MAJOR, requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode("The API's build");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = [
  ...Object.keys(dependencies)
    .filter((name) => name !== '@wallet/shared')
    .flatMap((name) => [name, `${name}/*`]),
  // Only the API run from its sources bundles the service worker itself (site/installable/worker-script.ts).
  'esbuild',
];

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', 'statement-pdf-worker': 'src/ledger/statement-pdf-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: `node${NODE_MAJOR}`,
  format: 'cjs',
  external,
  logLevel: 'warning',
});
// The site's service worker and its kill switch, for the browser (worker-script.ts bundles them
// the same way when the API runs from its sources): dist/sw.js, dist/sw-kill-switch.js.
const workers = path.join('src', 'site', 'installable', 'worker');
await build({
  absWorkingDir: root,
  entryPoints: { sw: path.join(workers, 'service-worker.ts'), 'sw-kill-switch': path.join(workers, 'kill-switch.ts') },
  outdir: 'dist',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  logLevel: 'warning',
});
console.log(
  `Built the API in ${((Date.now() - started) / 1000).toFixed(1)} s: dist/server.js, dist/statement-pdf-worker.js, dist/sw.js, dist/sw-kill-switch.js`,
);
