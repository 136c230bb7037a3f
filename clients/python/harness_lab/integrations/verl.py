"""verl: `trainer.logger='["console","harness_lab"]'` after `install()`.

verl's `verl.utils.tracking.Tracking(project_name, experiment_name, default_backend, config)` checks each
backend against the fixed list `Tracking.supported_backend` and calls `logger.log(data=..., step=...)` on
each; install() adds "harness_lab" to that list and builds a HarnessLabLogger for it. Metric keys are kept
as they are, plus the dashboard's training series (critic/score/mean -> train/reward_mean,
response_length/clip_ratio -> train/truncation_rate, batch/solve_* group counts -> train/mixed_group_ratio).

verl builds its Tracking inside the Ray TaskRunner, another process: run install() there too, with Ray's
worker_process_setup_hook:
    +ray_kwargs.ray_init.runtime_env.worker_process_setup_hook=harness_lab.integrations.verl.install
(and pass HARNESS_LAB_URL / HARNESS_LAB_TOKEN to the workers, e.g. under ...runtime_env.env_vars on a cluster).
"""
from __future__ import annotations

from ._tracker import HarnessLabLogger, install as _install

__all__ = ["HarnessLabLogger", "install"]


def install() -> None:
    """Registers the "harness_lab" backend with verl.utils.tracking.Tracking (idempotent)."""
    _install("verl.utils.tracking")
