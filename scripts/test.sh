#!/usr/bin/env bash
# `pnpm test`: every test, in the order that fails fastest.
#  0. The Node it runs on, which must be the project's (Node 24, the root's `node` devDependency).
#  1. The Debian packages the suites need, when missing.
#  2. The types: the front ends (one program for the host and the remotes, one for
#     @wallet/shared) and the API.
#  3. Every front end's Jest suite in one run (jest.config.js), then the API suite on PGlite and on
#     PostgreSQL (api/test/run.ts, one engine at a time), then the API on a replicated cluster
#     (api/test/cluster: `pnpm cluster`'s Patroni nodes, a failover, a standby lost, a
#     point-in-time restore): all four run even when one fails, so one run reports them all.
#  4. The Playwright specs against a freshly started site (e2e/), when all of the above passed.
# At the end, passed or not, a table of each stage's result and wall time: the suite's budget.
set -uo pipefail
cd "$(dirname "$0")/.."

STAGES=('set-up' 'types' 'Jest' 'API on PGlite' 'API on PostgreSQL' 'API on a cluster' 'end-to-end')
declare -A result=() took=()
started=$SECONDS

# Runs a stage's command and keeps its result and time for the table; returns its status.
stage() {
  local name=$1 from=$SECONDS status
  shift
  "$@"
  status=$?
  took[$name]=$((SECONDS - from))
  if [ "$status" -eq 0 ]; then result[$name]=passed; else result[$name]="FAILED ($status)"; fi
  return "$status"
}

minutes() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

summary() {
  local name failed=''
  printf '\n%-20s %-12s %7s\n' 'stage' 'result' 'time'
  for name in "${STAGES[@]}"; do
    if [ -n "${result[$name]:-}" ]; then
      printf '%-20s %-12s %7s\n' "$name" "${result[$name]}" "$(minutes "${took[$name]}")"
      [ "${result[$name]}" = passed ] || failed=1
    else
      printf '%-20s %-12s %7s\n' "$name" 'not run' '-'
    fi
  done
  printf '%-20s %-12s %7s\n' 'total' "$([ -z "$failed" ] && echo passed || echo FAILED)" "$(minutes $((SECONDS - started)))"
}
trap summary EXIT

set_up() {
  node -e "require('./shared/src/runtime/node.js').requireProjectNode('pnpm test'); console.log('pnpm test runs on Node ' + process.versions.node + ' (' + process.execPath + ')')" &&
    bash scripts/system-deps.sh
}
types() { pnpm typecheck:front-ends && pnpm --filter @wallet/api typecheck; }
api_on() { TEST_DATABASES=$1 pnpm --filter @wallet/api exec tsx test/run.ts; }
api_on_cluster() { pnpm --filter @wallet/api exec tsx --test test/cluster/*.test.ts; }

stage 'set-up' set_up || exit 1
stage 'types' types || exit 1
stage 'Jest' pnpm exec jest
jest_status=$?
stage 'API on PGlite' api_on pglite
pglite_status=$?
stage 'API on PostgreSQL' api_on postgres
postgres_status=$?
stage 'API on a cluster' api_on_cluster
cluster_status=$?
if [ "$jest_status" -ne 0 ] || [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ] || [ "$cluster_status" -ne 0 ]; then
  echo "The end-to-end specs did not run: Jest, or the API suite on one engine or on the cluster, failed." >&2
  exit 1
fi

stage 'end-to-end' pnpm --filter @wallet/e2e test
