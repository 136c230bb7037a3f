"""What all the drop-in integrations share: importing them imports no framework. Each is tested against its real
code instead: test_rllm_real.py, test_prime_rl_real.py, test_verl_real.py, test_skyrl_real.py, and test_trl_real.py
(a real TRL GRPOTrainer, run with the TRL test venv's Python by scripts/test-python.sh)."""
from __future__ import annotations

import subprocess
import sys

FRAMEWORKS = ("verl", "rllm", "trl", "transformers", "skyrl", "skyrl_train", "prime_rl", "torch", "ray", "omegaconf", "numpy")


def test_importing_the_integrations_imports_no_framework():
    code = ("import sys; import harness_lab.integrations.verl, harness_lab.integrations.rllm, harness_lab.integrations.trl, "
            "harness_lab.integrations.skyrl, harness_lab.integrations.prime_rl; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"
