#!/usr/bin/env bash
# Database tests: always on embedded PGlite; also on a real PostgreSQL when
# TEST_POSTGRES_URL (or DATABASE_URL) points at one.
set -euo pipefail
echo "== database tests on PGlite =="
DATABASE_URL= npx vitest run --project db
PG_URL="${TEST_POSTGRES_URL:-${DATABASE_URL:-}}"
if [ -n "$PG_URL" ]; then
  echo "== database tests on PostgreSQL ($PG_URL) =="
  DATABASE_URL="$PG_URL" npx vitest run --project db
else
  echo "(no TEST_POSTGRES_URL: PostgreSQL run skipped)"
fi
