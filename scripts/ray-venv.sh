#!/usr/bin/env bash
# Prints the path of the cached Ray venv's Python, building it first when it is missing (run Ray's CLI as
# `python -m ray.scripts.scripts …`: the venv was built elsewhere and renamed, so its bin/ray's #! line is stale).
# Used by test/support/ray-head.ts, which starts a real Ray head for the ray executor's tests. The venv lives
# outside the repository, in ${HARNESS_LAB_CACHE:-~/.cache/harness-lab}/ray-venv-<sha of
# test/support/ray-requirements.txt, this script and the Python version>: built once (~10 s, ≈ 340 MB, from
# the machine's configured package index) into a temporary directory renamed into place, so a killed build
# never leaves a half venv and a changed requirements file builds a new one. Never modified after. Concurrent
# calls (two test files at once) wait for one another on a lock instead of building twice.
#
# `ray[default]` (the dashboard that serves the Jobs REST API) is tried first. When the index lacks some of its
# dependencies, Ray and the rest of them are installed from the requirements file, opentelemetry-sdk without
# its own dependencies (it needs opentelemetry-semantic-conventions, which the index lacks); ray-head.ts then
# puts test/support/ray-shims/ on PYTHONPATH for exactly the packages that cannot be imported.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

requirements=test/support/ray-requirements.txt
key="$( (cat "$requirements" scripts/ray-venv.sh; python3 --version) | sha256sum | cut -c1-16)"
cache="${HARNESS_LAB_CACHE:-$HOME/.cache/harness-lab}"
ray_venv="$cache/ray-venv-$key"
mkdir -p "$cache"
if [ ! -x "$ray_venv/bin/python" ]; then
  exec 9>"$cache/ray-venv.lock"
  flock 9
fi
if [ ! -x "$ray_venv/bin/python" ]; then
  build="$(mktemp -d "$cache/ray-venv-build.XXXXXX")"
  echo "building the Ray test venv $ray_venv (once; ~10 s) ..." >&2
  started=$SECONDS
  index="$(python3 -m pip config get global.extra-index-url 2>/dev/null | cut -d' ' -f1 || true)"
  ray_pin="$(grep -E '^ray==' "$requirements")"
  pip() { PIP_DISABLE_PIP_VERSION_CHECK=1 "$build/venv/bin/python" -m pip install --quiet ${index:+--index-url "$index"} "$@"; }
  if ! { python3 -m venv "$build/venv" &&
         { pip "ray[default]${ray_pin#ray}" ||
           { echo "ray[default] is not installable from the index: Ray and the dependencies it has (missing ones are shimmed by test/support/ray-head.ts)" &&
             pip -r "$requirements" && pip --no-deps "opentelemetry-sdk>=1.30.0"; }; }; } >"$build/log" 2>&1; then
    cat "$build/log" >&2
    rm -rf "$build"
    echo "could not build the Ray test venv" >&2
    exit 1
  fi
  # Renamed into place whole; if another run got there first, its venv is kept and this one dropped.
  mv -T "$build/venv" "$ray_venv" 2>/dev/null || true
  rm -rf "$build"
  echo "built in $((SECONDS - started)) s" >&2
fi
echo "$ray_venv/bin/python"
