#!/usr/bin/env bash
# The part of `npm test` that needs the production build: `next build`, then the Playwright e2e suite with the
# Python client's suite (npm run test:python) beside it. The e2e suite runs one spec at a time (one server, one
# SQLite writer) and leaves most of the second core idle; the Python suite starts servers of its own on other ports
# and stores, so the two share nothing but the build. Their outputs are kept apart: the Python log is printed after
# the e2e suite ends. Fails when either fails. HARNESS_LAB_SERIAL_TESTS=1 runs them one after the other.
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

npx next build || exit 1

if [ "${HARNESS_LAB_SERIAL_TESTS:-}" = "1" ]; then
  npx playwright test; e2e=$?
  bash scripts/test-python.sh; python=$?
else
  python_log="$(mktemp)"
  trap 'rm -f "$python_log"' EXIT
  started=$SECONDS
  # The Python suite is I/O-bound waits and subprocesses, the TRL part a few CPU-heavy seconds: at the lowest
  # priority it fills the idle core without slowing the browser tests' server.
  nice -n 10 bash scripts/test-python.sh >"$python_log" 2>&1 &
  python_pid=$!
  npx playwright test; e2e=$?
  wait "$python_pid"; python=$?
  echo
  echo "==== npm run test:python (ran beside the e2e suite; finished by +$((SECONDS - started)) s), exit $python ===="
  cat "$python_log"
fi
[ "$e2e" -eq 0 ] && [ "$python" -eq 0 ]
