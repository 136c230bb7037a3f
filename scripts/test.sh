#!/usr/bin/env bash
# `npm test`: every suite, each section headed with the time since the start (CI's budget is read from these).
# Lint and typecheck first (they fail in seconds), the unit and integration tests, then what needs the production
# build (scripts/test-after-build.sh: e2e with the Python suite beside it, then the reduced reliability run).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

started=$SECONDS
section() { printf '\n==== npm test: %s [%s, +%ds] ====\n' "$1" "$(date -u +%H:%M:%S)" "$((SECONDS - started))"; }

section "lint (layers and import cycles)"
npm run --silent lint
section "typecheck"
npm run --silent typecheck
section "unit and integration tests (vitest)"
npm run --silent test:unit
section "next build, e2e with the Python suite beside it, reliability --quick"
bash scripts/test-after-build.sh
section "all passed"
