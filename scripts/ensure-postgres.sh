#!/usr/bin/env bash
# Makes sure a PostgreSQL server for the medium tests is running and prints its URL.
# Uses TEST_DATABASE_URL when it is set; otherwise starts the machine's installed cluster
# (Debian's pg_ctlcluster) and creates the role and database `nimbus_test`. The role may create
# databases: each medium test app gets its own, copied from a migrated template. The role's
# sessions commit without waiting for the WAL flush (synchronous_commit off, for this role only):
# the tests lose nothing unless the machine itself crashes, and each commit stops costing a disk
# flush.
#
# With `--for-tests` (scripts/test.sh) the cluster is the tests' own and stops flushing to disk
# at all (fsync off, for the whole cluster): each test app's database is cloned and dropped, and
# a drop forces a checkpoint that would otherwise wait for a second or two of disk flushes. A
# call without it (the benches) turns flushing back on, so a bench measures a durable database.
set -euo pipefail

fsync=on
if [ "${1:-}" = --for-tests ]; then
  fsync=off
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "$TEST_DATABASE_URL"
  exit 0
fi

command -v pg_lsclusters >/dev/null || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
[ -n "${version:-}" ] || { echo "no PostgreSQL cluster found" >&2; exit 1; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -c "$(printf '%q ' "$@")"; fi
}

if [ "$status" != online ]; then
  pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start >&2
fi
for _ in $(seq 1 50); do
  as_postgres psql -p "$port" -tAc 'select 1' >/dev/null 2>&1 && break
  sleep 0.2
done

as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -q >&2 <<'SQL'
select 'create role nimbus_test login createdb password ''nimbus_test'''
  where not exists (select from pg_roles where rolname = 'nimbus_test') \gexec
select 'alter role nimbus_test createdb'
  where not exists (select from pg_roles where rolname = 'nimbus_test' and rolcreatedb) \gexec
alter role nimbus_test set synchronous_commit = off;
select 'create database nimbus_test owner nimbus_test'
  where not exists (select from pg_database where datname = 'nimbus_test') \gexec
SQL
as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -q -c "alter system set fsync = $fsync" \
  -c 'select pg_reload_conf()' >/dev/null

echo "postgres://nimbus_test:nimbus_test@127.0.0.1:${port}/nimbus_test"
