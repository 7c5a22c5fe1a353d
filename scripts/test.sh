#!/usr/bin/env bash
# Every check and every test tier, in the order CI runs them. Needs PostgreSQL installed (or
# TEST_DATABASE_URL) and Debian's chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC

step() { printf '\n==> %s\n' "$*"; }

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
step "lint"
npm run lint
step "typecheck"
npm run typecheck
step "i18n check"
npm run i18n:check
step "small tests"
npx vitest run --project small

step "medium tests (SQLite and PostgreSQL)"
TEST_DATABASE_URL="$(scripts/ensure-postgres.sh)"
export TEST_DATABASE_URL NIMBUS_REQUIRE_POSTGRES=1
npx vitest run --project medium

step "build"
# The typecheck step above has checked the web app's types; the build need not again.
NIMBUS_TYPES_CHECKED=1 npm run build
step "first-load JavaScript budgets (home, share page, drive)"
node scripts/first-load-js.mjs
step "end-to-end tests (Chromium)"
npm run test:e2e
