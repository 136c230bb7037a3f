#!/usr/bin/env bash
# npm run test:python: installs clients/python into a fresh virtual environment without any package index
# (pip --no-index: the package is standard-library only and builds with its own stdlib backend), then runs
# its pytest suite with that environment's Python against a real server the tests start (it needs the
# production build, so run it after `next build`). pytest itself comes from the system Python: the venv
# sees it through --system-site-packages; the package under test is the one installed in the venv.
#
# Then the TRL suite (clients/python/tests/test_trl_real.py: a real GRPOTrainer on CPU) runs with the Python
# of a cached venv holding torch, transformers, trl, kept outside the repository and built once
# (scripts/trl-venv.sh). The package under test is installed for it into a per-run directory on PYTHONPATH;
# the cached venv is never modified. HARNESS_LAB_SKIP_TRL=1 skips that part.
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
"$py" -m pytest -p no:cacheprovider -q clients/python/tests --ignore=clients/python/tests/test_trl_real.py "$@"

if [ "${HARNESS_LAB_SKIP_TRL:-}" = "1" ]; then
  echo "HARNESS_LAB_SKIP_TRL=1: the TRL suite is skipped"
  exit 0
fi

tpy="$(bash scripts/trl-venv.sh)"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$tpy" -m pip install --quiet --no-index --no-build-isolation --no-deps --target "$work/trl-site" ./clients/python
HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HOME="$work/hf-home" TOKENIZERS_PARALLELISM=false \
  PYTHONPATH="$work/trl-site${PYTHONPATH:+:$PYTHONPATH}" \
  "$tpy" -m pytest -p no:cacheprovider -q clients/python/tests/test_trl_real.py "$@"
