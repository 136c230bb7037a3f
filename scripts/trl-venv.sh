#!/usr/bin/env bash
# Prints the path of the Python of the cached TRL venv (torch CPU, transformers, trl: clients/python/tests/
# requirements-trl.txt), building it first when it is missing. Used by scripts/test-python.sh (the real
# GRPOTrainer suite) and `npm run bench -- trl-callback`. The venv lives outside the repository, in
# ${HARNESS_LAB_CACHE:-~/.cache/harness-lab}/trl-venv-<sha of that file and the Python version>: built once
# (~60 s, from the machine's configured package index) into a temporary directory renamed into place, so a
# killed build never leaves a half venv, and a changed requirements file builds a new one. Never modified after.
# Concurrent callers are serialized by a lock file beside it, so `.ci/run` can start the build early in the background.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

requirements=clients/python/tests/requirements-trl.txt
key="$( (cat "$requirements"; python3 --version) | sha256sum | cut -c1-16)"
cache="${HARNESS_LAB_CACHE:-$HOME/.cache/harness-lab}"
trl_venv="$cache/trl-venv-$key"
if [ ! -x "$trl_venv/bin/python" ]; then
  mkdir -p "$cache"
  # One build at a time (CI starts one in the background while other steps run): a second caller waits for it.
  exec 9>"$cache/trl-venv.lock"
  flock 9
fi
if [ ! -x "$trl_venv/bin/python" ]; then
  build="$(mktemp -d "$cache/trl-venv-build.XXXXXX")"
  echo "building the TRL test venv $trl_venv (once; ~60 s) ..." >&2
  started=$SECONDS
  index="$(python3 -m pip config get global.extra-index-url 2>/dev/null | cut -d' ' -f1 || true)"
  if ! { python3 -m venv "$build/venv" &&
         PIP_DISABLE_PIP_VERSION_CHECK=1 "$build/venv/bin/python" -m pip install --quiet ${index:+--index-url "$index"} -r "$requirements"; } >"$build/log" 2>&1; then
    cat "$build/log" >&2
    rm -rf "$build"
    echo "could not build the TRL test venv (set HARNESS_LAB_SKIP_TRL=1 to skip the TRL suite)" >&2
    exit 1
  fi
  # Renamed into place whole; if another run got there first, its venv is kept and this one dropped.
  mv -T "$build/venv" "$trl_venv" 2>/dev/null || true
  rm -rf "$build"
  echo "built in $((SECONDS - started)) s" >&2
fi
echo "$trl_venv/bin/python"
