#!/usr/bin/env bash
# The part of `npm test` that needs the production build: `next build`, then the Playwright e2e suite with the
# Python client's suite (npm run test:python) beside it, then the reduced reliability run. The e2e suite runs one
# spec at a time (one server, one SQLite writer); the Python suite starts servers of its own on other ports and
# stores, so the two share nothing but the build. Its output is printed after the e2e suite ends. (The reliability
# run beside them too made the e2e suite 2 min slower, more than its own 65 s: the machine has no idle share left.)
# Fails when any fails. HARNESS_LAB_SERIAL_TESTS=1 runs e2e and the Python suite one after the other.
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
section() { printf '\n==== %s [%s] ====\n' "$1" "$(date -u +%H:%M:%S)"; }

npx next build || exit 1

section "e2e (Playwright), with the Python suite beside it"
if [ "${HARNESS_LAB_SERIAL_TESTS:-}" = "1" ]; then
  npx playwright test; e2e=$?
  bash scripts/test-python.sh; python=$?
else
  python_log="$(mktemp)"
  trap 'rm -f "$python_log"' EXIT
  started=$SECONDS
  # The Python suite is I/O-bound waits and subprocesses, the TRL part a few CPU-heavy seconds: at the lowest
  # priority it fills the idle share without slowing the browser tests' server.
  nice -n 10 bash scripts/test-python.sh >"$python_log" 2>&1 &
  python_pid=$!
  npx playwright test; e2e=$?
  e2e_took=$((SECONDS - started))
  wait "$python_pid"; python=$?
  echo
  echo "==== npm run test:python (ran beside the e2e suite, which took ${e2e_took} s; done by +$((SECONDS - started)) s), exit $python ===="
  cat "$python_log"
fi
[ "$e2e" -eq 0 ] && [ "$python" -eq 0 ] || exit 1

section "the reduced reliability run (npm run test:reliability)"
npm run --silent test:reliability
