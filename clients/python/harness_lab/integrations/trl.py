"""TRL: `GRPOTrainer(..., callbacks=[HarnessLabCallback(experiment="...")])`.

Shaped like transformers' `TrainerCallback`: the Trainer calls `on_log(args, state, control, logs=...)` with
the logged dict (GRPOTrainer's reward, reward_std, frac_reward_zero_std, completions/clipped_ratio,
completions/mean_length, kl, loss, ...; eval values prefixed "eval_") and `on_train_end(args, state,
control)`; every other event is accepted and ignored. Only the main process (state.is_world_process_zero)
sends. Keys are kept; added: train/reward_mean (reward), train/truncation_rate (completions/clipped_ratio),
train/mixed_group_ratio and train/trainable_rate (1 - frac_reward_zero_std).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ..client import Client
from ..run import Run
from ._context import open_run
from ._series import with_training_series

__all__ = ["HarnessLabCallback"]


class HarnessLabCallback:
    def __init__(self, experiment: Optional[str] = None, run: Optional[str] = None, *, client: Optional[Client] = None,
                 method: str = "grpo"):
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self._method = method
        self.run: Optional[Run] = None

    def _main(self, state: Any) -> bool:
        return bool(getattr(state, "is_world_process_zero", True))

    def _ensure_run(self, args: Any) -> Run:
        if self.run is None:
            run_name = getattr(args, "run_name", None)
            output_dir = getattr(args, "output_dir", None)
            config = args.to_dict() if hasattr(args, "to_dict") else None
            self.run = open_run(self._experiment, self._run_name, default_run=run_name or (str(output_dir).rstrip("/").split("/")[-1] if output_dir else None),
                                client=self._client, config=config, method=self._method)
        return self.run

    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self._main(state):
            self._ensure_run(args)

    def on_log(self, args: Any, state: Any, control: Any, logs: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        if not logs or not self._main(state):
            return
        values = with_training_series(logs)
        if values:
            self._ensure_run(args).log_metrics(int(getattr(state, "global_step", 0)), values,
                                               epoch=None if getattr(state, "epoch", None) is None else int(state.epoch))

    def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.run is not None and self._main(state):
            self.run.finish()
            self.run.client.flush(timeout=self.run.client.close_timeout)

    def __getattr__(self, name: str) -> Callable[..., None]:
        # The Trainer calls every event on every callback (on_step_end, on_save, on_evaluate, ...): accept them all.
        if name.startswith("on_"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)
