#!/usr/bin/env bash
# Every check and every test tier, in the order CI runs them. Needs PostgreSQL installed (or
# TEST_DATABASE_URL) and Debian's chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC

step() { printf '\n==> %s\n' "$*"; }

# The static checks and the small tests, in two lanes at once (each check is one process on one
# core): the lint (the slowest, type-aware) beside everything else. Each lane's output is printed
# whole when both have ended; the run stops if either failed.
lint_lane() {
  step "lint"
  npm run lint
}
checks_lane() {
  step "format"
  npm run format:check
  step "documentation links"
  npm run docs:links
  step "configuration reference"
  npm run docs:config -- --check
  step "API reference"
  npm run docs:api -- --check
  step "route table of the API catalogue"
  npm run api:routes -- --check
  step "typecheck"
  npm run typecheck
  step "i18n check"
  npm run i18n:check
  step "small tests"
  npx vitest run --project small
}
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
(set -e; lint_lane) >"$logs/lint" 2>&1 &
lint_pid=$!
(set -e; checks_lane) >"$logs/checks" 2>&1 &
checks_pid=$!
lint_status=0 checks_status=0
wait "$lint_pid" || lint_status=$?
wait "$checks_pid" || checks_status=$?
cat "$logs/checks" "$logs/lint"
if [ "$lint_status" -ne 0 ] || [ "$checks_status" -ne 0 ]; then
  printf '\nStatic checks failed (lint: exit %s, checks and small tests: exit %s)\n' \
    "$lint_status" "$checks_status" >&2
  exit 1
fi

step "medium tests (SQLite and PostgreSQL)"
TEST_DATABASE_URL="$(scripts/ensure-postgres.sh --for-tests)"
export TEST_DATABASE_URL NIMBUS_REQUIRE_POSTGRES=1
npx vitest run --project medium

# The build runs after the typecheck and the lint: both read the web app's generated types
# (.next/types), which the build writes.
step "build"
# The typecheck step above has checked the web app's types; the build need not again.
NIMBUS_TYPES_CHECKED=1 npm run build
step "first-load JavaScript budgets (home, share page, drive)"
node scripts/first-load-js.mjs
step "end-to-end tests (Chromium)"
npm run test:e2e
