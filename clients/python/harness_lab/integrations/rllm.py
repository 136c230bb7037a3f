"""rllm: `trainer.logger='["console","harness_lab"]'` after `install()`.

rllm has its own `rllm.utils.tracking.Tracking` (adapted from verl's, same fixed `supported_backend` list),
whose `log(data, step, backend=None, episodes=None, trajectory_groups=None)` hands episodes only to its "ui"
backend; install() registers "harness_lab" and passes the episodes on to it too, so each Episode
(id "task_id:rollout_idx", is_correct, trajectories of steps) becomes a rollout in its GRPO group.
It also patches verl's Tracking when verl is importable (rllm trains through verl's trainer).

In Ray workers, use `harness_lab.integrations.rllm.ray_setup_hook`, which first runs rllm's own
worker_process_setup_hook (rllm.patches.verl_patch_hook.setup) and then install().
"""
from __future__ import annotations

from ._tracker import HarnessLabLogger, chain_setup_hook, install as _install

__all__ = ["HarnessLabLogger", "install", "ray_setup_hook"]

RLLM_SETUP_HOOK = "rllm.patches.verl_patch_hook.setup"


def install() -> None:
    """Registers the "harness_lab" backend with rllm's (and, if present, verl's) Tracking (idempotent)."""
    _install("rllm.utils.tracking")
    try:
        _install("verl.utils.tracking")
    except ImportError:
        pass


def ray_setup_hook() -> None:
    chain_setup_hook(RLLM_SETUP_HOOK)
    install()
