"""SkyRL: a trainer callback, `HarnessLabCallback()` in the trainer's callbacks.

Shaped like skyrl_train's `TrainerCallback` (callbacks/base.py): `on_step_end(state, control, **kwargs)` with
state.global_step, state.epoch and state.metrics (the step's metrics dict), `on_log(state, control, logs)`,
`on_evaluate(state, control, metrics)`, `on_train_begin` / `on_train_end`, and *_async variants that call
them. Keys are kept; added: train/reward_mean (reward/avg_raw_reward), and train/mixed_group_ratio /
train/trainable_rate from reward/num_zero_variance_filtered (groups dropped for equal rewards) when the
number of groups is known (generate/batch_num_seq / samples_per_prompt; samples_per_prompt from the
argument or the trainer's cfg.generator.n_samples_per_prompt).
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

from ..client import Client
from ..run import Run
from ._context import open_run
from ._series import with_training_series

__all__ = ["HarnessLabCallback"]


def _samples_per_prompt(trainer: Any) -> Optional[int]:
    try:
        return int(trainer.cfg.generator.n_samples_per_prompt)
    except (AttributeError, TypeError, ValueError):
        return None


class HarnessLabCallback:
    error_behavior = "warn"

    def __init__(self, experiment: Optional[str] = None, run: Optional[str] = None, *, client: Optional[Client] = None,
                 samples_per_prompt: Optional[int] = None):
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self.samples_per_prompt = samples_per_prompt
        self.run: Optional[Run] = None
        self._logged: Dict[int, bool] = {}

    def _ensure_run(self, trainer: Any = None) -> Run:
        if self.run is None:
            cfg = getattr(trainer, "cfg", None)
            trainer_cfg = getattr(cfg, "trainer", None)
            self.run = open_run(self._experiment, self._run_name, default_experiment=getattr(trainer_cfg, "project_name", None),
                                default_run=getattr(trainer_cfg, "run_name", None), client=self._client, config=cfg)
        if self.samples_per_prompt is None and trainer is not None:
            self.samples_per_prompt = _samples_per_prompt(trainer)
        return self.run

    def _log(self, step: int, epoch: Optional[int], values: Mapping[str, Any], trainer: Any) -> None:
        run = self._ensure_run(trainer)
        series = with_training_series(values, samples_per_prompt=self.samples_per_prompt)
        if series:
            run.log_metrics(int(step), series, epoch=epoch)

    def on_train_begin(self, state: Any, control: Any, **kwargs: Any) -> None:
        self._ensure_run(kwargs.get("trainer"))

    def on_step_end(self, state: Any, control: Any, **kwargs: Any) -> None:
        metrics = getattr(state, "metrics", None)
        if metrics:
            self._log(state.global_step, getattr(state, "epoch", None), metrics, kwargs.get("trainer"))

    def on_log(self, state: Any, control: Any, logs: Mapping[str, Any], **kwargs: Any) -> None:
        if logs:
            self._log(state.global_step, getattr(state, "epoch", None), logs, kwargs.get("trainer"))

    def on_evaluate(self, state: Any, control: Any, metrics: Mapping[str, Any], **kwargs: Any) -> None:
        if metrics:
            self._log(state.global_step, getattr(state, "epoch", None), metrics, kwargs.get("trainer"))

    def on_train_end(self, state: Any, control: Any, **kwargs: Any) -> None:
        if self.run is not None:
            self.run.finish()
            self.run.client.flush(timeout=self.run.client.close_timeout)

    # The handler prefers *_async variants; these call the sync ones.
    async def on_train_begin_async(self, state: Any, control: Any, **kwargs: Any) -> None:
        self.on_train_begin(state, control, **kwargs)

    async def on_step_end_async(self, state: Any, control: Any, **kwargs: Any) -> None:
        self.on_step_end(state, control, **kwargs)

    async def on_log_async(self, state: Any, control: Any, logs: Mapping[str, Any], **kwargs: Any) -> None:
        self.on_log(state, control, logs, **kwargs)

    async def on_evaluate_async(self, state: Any, control: Any, metrics: Mapping[str, Any], **kwargs: Any) -> None:
        self.on_evaluate(state, control, metrics, **kwargs)

    async def on_train_end_async(self, state: Any, control: Any, **kwargs: Any) -> None:
        self.on_train_end(state, control, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("on_"):
            if name.endswith("_async"):
                async def ignored_async(*args: Any, **kwargs: Any) -> None:
                    return None
                return ignored_async
            return lambda *args, **kwargs: None
        raise AttributeError(name)
