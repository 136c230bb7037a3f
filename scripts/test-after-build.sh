#!/usr/bin/env bash
# The part of `npm test` that needs the production build: `next build`, then the Playwright e2e suite with the
# Python client's suite (npm run test:python) and the reduced reliability run (npm run test:reliability) beside it.
# The e2e suite runs one spec at a time (one server, one SQLite writer): its browser and server keep the machine
# ≈ 87 % busy on 2 cores, and the two side suites fit in the rest — each starts servers of its own on other ports
# and stores, so they share nothing with it but the build. Run one after the other they added ≈ 1 min (reliability)
# to CI's critical path. Their outputs are kept apart: each side log is printed after the e2e suite ends. Fails when
# any of the three fails. HARNESS_LAB_SERIAL_TESTS=1 runs them one after the other.
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

npx next build || exit 1
printf '\n==== built; e2e (with the Python suite and reliability --quick beside it) [%s] ====\n' "$(date -u +%H:%M:%S)"

if [ "${HARNESS_LAB_SERIAL_TESTS:-}" = "1" ]; then
  npx playwright test; e2e=$?
  bash scripts/test-python.sh; python=$?
  npm run --silent test:reliability; reliability=$?
else
  python_log="$(mktemp)"
  reliability_log="$(mktemp)"
  trap 'rm -f "$python_log" "$reliability_log"' EXIT
  started=$SECONDS
  # Mostly waits and subprocesses (the TRL part and the reliability run are a few CPU-heavy minutes): at the lowest
  # priority they fill the idle share without slowing the browser tests' server.
  nice -n 10 bash scripts/test-python.sh >"$python_log" 2>&1 &
  python_pid=$!
  nice -n 10 npm run --silent test:reliability >"$reliability_log" 2>&1 &
  reliability_pid=$!
  npx playwright test; e2e=$?
  e2e_end=$((SECONDS - started))
  wait "$python_pid"; python=$?
  wait "$reliability_pid"; reliability=$?
  echo
  echo "==== npm run test:python (ran beside the e2e suite, which took ${e2e_end} s; done by +$((SECONDS - started)) s), exit $python ===="
  cat "$python_log"
  echo
  echo "==== npm run test:reliability (ran beside the e2e suite), exit $reliability ===="
  cat "$reliability_log"
fi
[ "$e2e" -eq 0 ] && [ "$python" -eq 0 ] && [ "$reliability" -eq 0 ]
