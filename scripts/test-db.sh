#!/usr/bin/env bash
# Database tests: always on embedded PGlite; also on a real PostgreSQL when
# TEST_POSTGRES_URL (or DATABASE_URL) points at one.
set -euo pipefail
# Two test files at a time: each has its own database, and the suite is CPU-bound on two cores.
PARALLEL=(--maxWorkers="${DB_TEST_WORKERS:-2}")
PG_URL="${TEST_POSTGRES_URL:-${DATABASE_URL:-}}"
echo "== database tests on PGlite =="
if [ -n "$PG_URL" ]; then
  # The fuzzing (tests/db/fuzz) runs once, on the real PostgreSQL below, to keep the suite's time in bounds.
  DATABASE_URL= npx vitest run --project db "${PARALLEL[@]}" --exclude "tests/db/fuzz/**"
else
  DATABASE_URL= npx vitest run --project db "${PARALLEL[@]}"
fi
if [ -n "$PG_URL" ]; then
  echo "== database tests on PostgreSQL ($PG_URL) =="
  DATABASE_URL="$PG_URL" npx vitest run --project db "${PARALLEL[@]}"
else
  echo "(no TEST_POSTGRES_URL: PostgreSQL run skipped)"
fi
