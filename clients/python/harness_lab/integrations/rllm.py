"""rllm: `trainer.logger='["console","harness_lab"]'` after `install()` (rllm @ 9beb6e0).

rllm has its own `rllm.utils.tracking.Tracking` (adapted from verl's, same fixed `supported_backend` list),
whose `log(data, step, backend=None, episodes=None, trajectory_groups=None)` hands episodes only to its "ui"
backend; install() registers "harness_lab" and passes the episodes on to it too, so each Episode
(id "task_id:rollout_idx", is_correct, trajectories of steps) becomes a rollout in its GRPO group, with every
message of the dialog (the last step's chat_completions; else each step's observation, model_response and
thought, read at the top level or from the step's metadata, where rllm's UILogger moves them).
It also patches verl's Tracking when verl is importable (rllm trains through verl's trainer).
Nothing raised in here reaches the trainer: each call is guarded (one warning per kind of failure).

In Ray workers, use `harness_lab.integrations.rllm.ray_setup_hook`, which first runs rllm's own
worker_process_setup_hook and then install(): `rllm.trainer.verl.patch.apply_all_verl_patches` (rllm since
2026-03-24), else `rllm.patches.verl_patch_hook.setup` (older releases); a warning if neither exists.
"""
from __future__ import annotations

from ._guard import guarded
from ._tracker import HarnessLabLogger, chain_setup_hook, install as _install

__all__ = ["HarnessLabLogger", "RllmLogger", "install", "ray_setup_hook"]

RLLM_SETUP_HOOKS = ("rllm.trainer.verl.patch.apply_all_verl_patches", "rllm.patches.verl_patch_hook.setup")


class RllmLogger(HarnessLabLogger):
    """The "harness_lab" backend of rllm's Tracking (rllm trains through verl's RayPPOTrainer: the run is finished
    when the last step logged reached the config's total_training_steps, failed otherwise; see _tracker)."""

    integration = "rllm"


@guarded("rllm.install")
def install() -> None:
    """Registers the "harness_lab" backend with rllm's (and, if present, verl's) Tracking (idempotent)."""
    _install("rllm.utils.tracking", RllmLogger)
    try:
        _install("verl.utils.tracking", RllmLogger)
    except ImportError:
        pass


@guarded("rllm.ray_setup_hook")
def ray_setup_hook() -> None:
    chain_setup_hook(*RLLM_SETUP_HOOKS)
    install()
