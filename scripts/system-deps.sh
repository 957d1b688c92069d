#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: PostgreSQL 15 (the API
# suite starts its own throwaway server), HAProxy (the rolling restart runs two instances behind
# it, and the cluster's doors), Patroni, etcd and pgBackRest (`pnpm cluster`, whose failover suite
# runs in `pnpm test`), Chromium (the end-to-end specs drive it) and poppler-utils (pdftotext reads
# the PDF statements the tests download).
set -euo pipefail
missing=()
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ -x /usr/bin/patroni ] || missing+=(patroni)
[ -x /usr/bin/etcd ] || missing+=(etcd-server)
[ -x /usr/bin/pgbackrest ] || missing+=(pgbackrest)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/pdftotext ] || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
