#!/usr/bin/env bash
# `npm test`: every suite, each section headed with the time since the start (CI's budget is read from these).
# Lint and typecheck first (they fail in half a minute), the unit and integration tests, then what needs the production
# build (scripts/test-after-build.sh: e2e with the Python suite beside it, then the reduced reliability run).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

started=$SECONDS
section() { printf '\n==== npm test: %s [%s, +%ds] ====\n' "$1" "$(date -u +%H:%M:%S)" "$((SECONDS - started))"; }

# Lint and typecheck side by side: each is one single-threaded process, so together they take the longer one's time.
section "lint (layers and import cycles) and typecheck, side by side"
lint_log=$(mktemp) && typecheck_log=$(mktemp)
npm run --silent lint >"$lint_log" 2>&1 & lint_pid=$!
npm run --silent typecheck >"$typecheck_log" 2>&1 & typecheck_pid=$!
lint_rc=0 && wait "$lint_pid" || lint_rc=$?
typecheck_rc=0 && wait "$typecheck_pid" || typecheck_rc=$?
echo "--- lint (exit $lint_rc) ---" && cat "$lint_log"
echo "--- typecheck (exit $typecheck_rc) ---" && cat "$typecheck_log"
rm -f "$lint_log" "$typecheck_log"
if [ "$lint_rc" -ne 0 ] || [ "$typecheck_rc" -ne 0 ]; then exit 1; fi
section "unit and integration tests (vitest)"
npm run --silent test:unit
section "next build, e2e with the Python suite beside it, reliability --quick"
# The typecheck above passed, so the build skips its own pass over the same files (next.config.js).
HARNESS_LAB_TYPECHECKED=1 bash scripts/test-after-build.sh
section "all passed"
