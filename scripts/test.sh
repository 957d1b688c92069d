#!/usr/bin/env bash
# `pnpm test`: every test, in the order that fails fastest.
#  0. The Node it runs on, which must be the project's (Node 24, the root's `node` devDependency).
#  1. The Debian packages the suites need, when missing.
#  2. The front ends' types (one program for the host and the remotes, one for @wallet/shared).
#  3. Every front end's Jest suite in one run (jest.config.js), then the API suite on PGlite and
#     PostgreSQL (api/test/run.ts): both run even when the first fails, so one run reports both.
#  4. The Playwright specs against a freshly started site (e2e/), when all of the above passed.
set -uo pipefail
cd "$(dirname "$0")/.."

node -e "require('./shared/src/runtime/node.js').requireProjectNode('pnpm test'); console.log('pnpm test runs on Node ' + process.versions.node + ' (' + process.execPath + ')')" || exit 1
bash scripts/system-deps.sh || exit 1
pnpm typecheck:front-ends || exit 1

pnpm exec jest
jest_status=$?
pnpm --filter @wallet/api test
api_status=$?
if [ "$jest_status" -ne 0 ] || [ "$api_status" -ne 0 ]; then
  echo "Jest: exit $jest_status, API suite: exit $api_status; the end-to-end specs did not run." >&2
  exit 1
fi

pnpm --filter @wallet/e2e test
