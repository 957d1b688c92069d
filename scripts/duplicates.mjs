#!/usr/bin/env node
// `pnpm lint`'s duplicate check: jscpd over the production code, with its settings in .jscpd.json
// (6 lines or more; tests, benches, the test kit and the migrations left out). jscpd can fail a run
// on a share of duplicated lines, not on a count of pairs, so this reads its pairs and fails when
// there are more than the pairs known and left on purpose: a new pair fails lint, and removing one
// asks for KNOWN_PAIRS to come down with it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireProjectNode } from '../shared/src/runtime/node.js';

requireProjectNode('The duplicate check');
// Its CommonJS build: the ES module build of jscpd 4.3 imports `colors/safe` without its extension.
const require = createRequire(import.meta.url);
const { detectClones } = require('jscpd');

/** The pairs left today: two release hooks and two column shapes of the schema (docs/decisions/tooling.md). */
const KNOWN_PAIRS = 2;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Every app of the area registry (shared/src/areas.json), with the API, @wallet/shared and the scripts. */
const APPS = JSON.parse(readFileSync(path.join(root, 'shared', 'src', 'areas.json'), 'utf8'));
const PRODUCTION = ['api/src', 'shared/src', ...Object.values(APPS).map((app) => `${app.package}/src`), 'scripts'];

const config = JSON.parse(readFileSync(path.join(root, '.jscpd.json'), 'utf8'));
const clones = await detectClones({
  ...config,
  path: PRODUCTION.map((folder) => path.join(root, folder)),
  silent: true,
  reporters: [],
});
const where = (part) => `${path.relative(root, part.sourceId)}:${part.start.line}-${part.end.line}`;
for (const clone of clones) console.log(`${where(clone.duplicationA)} ~ ${where(clone.duplicationB)}`);
console.log(`${clones.length} pairs of repeated production code (${KNOWN_PAIRS} known)`);
if (clones.length > KNOWN_PAIRS) {
  console.error(`More repeated code than the ${KNOWN_PAIRS} known pairs: share one piece instead of copying it.`);
  process.exit(1);
}
if (clones.length < KNOWN_PAIRS) {
  console.error(
    `Fewer pairs than KNOWN_PAIRS (${KNOWN_PAIRS}) in scripts/duplicates.mjs: lower it to ${clones.length}.`,
  );
  process.exit(1);
}
