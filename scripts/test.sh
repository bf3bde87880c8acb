#!/usr/bin/env bash
# `npm test`: every test, in order. Type checking and linting each keep one core busy, so they run
# side by side; the rest runs one after the other (each part uses both cores on its own).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run typecheck > .typecheck.log 2>&1 & typecheck=$!
npm run lint > .lint.log 2>&1 & lint=$!
status=0
wait "$typecheck" || status=1
cat .typecheck.log
wait "$lint" || status=1
cat .lint.log
rm -f .typecheck.log .lint.log
if [ "$status" -ne 0 ]; then
  echo "typecheck or lint failed" >&2
  exit 1
fi
npm run test:unit
npm run test:db
npm run build
npm run test:e2e
