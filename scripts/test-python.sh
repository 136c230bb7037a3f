#!/usr/bin/env bash
# npm run test:python: installs clients/python into a fresh virtual environment without any package index
# (pip --no-index: the package is standard-library only and builds with its own stdlib backend), then runs
# its pytest suite with that environment's Python against a real server the tests start (it needs the
# production build, so run it after `next build`). pytest itself comes from the system Python: the venv
# sees it through --system-site-packages; the package under test is the one installed in the venv.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv --system-site-packages "$work/venv"
py="$work/venv/bin/python"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip install --quiet --no-index --no-build-isolation ./clients/python
(cd "$work" && "$py" -c 'import harness_lab, sys; assert harness_lab.__file__.startswith(sys.prefix), harness_lab.__file__; print("harness_lab", harness_lab.__version__, "installed in", sys.prefix)')
if ! "$py" -m pytest --version >/dev/null 2>&1; then
  echo "pytest is not installed for $(command -v python3); installing it (from the machine's configured package source)"
  python3 -m pip install --quiet pytest
fi
exec "$py" -m pytest -p no:cacheprovider -q clients/python/tests "$@"
