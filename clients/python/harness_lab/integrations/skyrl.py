"""SkyRL (`skyrl.train`): a training callback.

    from harness_lab.integrations.skyrl import HarnessLabCallback
    trainer.add_callback(HarnessLabCallback())          # or RayPPOTrainer(..., callbacks=[HarnessLabCallback()])

Written against skyrl/train/utils/callbacks.py (NovaSky-AI/SkyRL a956457): the trainer's CallbackHandler calls
`getattr(callback, "on_X")(trainer, callback_input, control)` for each registered callback, without try/except, for
on_train_start, on_epoch_start, on_step_start, on_step_end, on_save, on_eval_start, on_eval_end, on_log, on_epoch_end
and on_train_end. What this callback does with them:
- on_train_start: starts the run (names: the arguments, else HARNESS_LAB_EXPERIMENT / HARNESS_LAB_RUN, else
  cfg.trainer.project_name / cfg.trainer.run_name; config: trainer.cfg).
- on_log: `callback_input.logs`, the whole payload the trainer then commits to its own tracker (reward/*, generate/*,
  policy/*, eval/*, timing/*), at callback_input.global_step (eval before training: step 0). Every numeric key is sent
  as it is, plus the dashboard's training series: train/reward_mean from reward/avg_raw_reward, and
  train/mixed_group_ratio = train/trainable_rate from reward/num_zero_variance_filtered (only logged with
  trainer.algorithm.zero_variance_filter) over generate/batch_num_seq / generator.n_samples_per_prompt groups.
  SkyRL reports no truncation rate and no per-rollout pass rate, so those two series stay empty.
- on_save: a checkpoint record (step, epoch, callback_input.ckpt_path as uri).
- on_train_end: marks the run finished and waits (up to the client's close_timeout) for the events to be sent,
  unless the server is not answering: then the client's exit handler keeps them on disk for `harness-lab sync`.
  SkyRL fires it only after a clean training loop; a run whose trainer is freed without it (the loop raised, e.g. in a
  Ray task whose worker lives on) or whose process exits without it is marked failed.
on_step_end's metrics (the policy/critic losses) and on_eval_end's metrics reach on_log too, so they are not sent twice.
No rollouts: no hook carries the generations or their rewards (on_step_end's batch is the tokenized training batch,
rewards already removed); SkyRL's eval dumps (trainer.dump_eval_results) reach the dashboard through `harness-lab follow`.

Nothing here stops or slows the training: every hook is guarded (an error of ours becomes one warning), a batch the
server refused is reported once and the next events still go, and sending happens on the client's own thread.
"""
from __future__ import annotations

from typing import Any, Optional

from ..client import Client
from ..errors import HarnessLabError
from ..run import Run
from ._context import open_run
from ._delivery import send_pending
from ._ending import RunEnding
from ._guard import guarded, warn_once
from ._series import with_training_series

__all__ = ["HarnessLabCallback"]

_SENDING = "SkyRL: sending a batch of events"  # a batch the server refused: reported once, the next ones still go


def _samples_per_prompt(trainer: Any) -> Optional[int]:
    try:
        return int(trainer.cfg.generator.n_samples_per_prompt)
    except (AttributeError, TypeError, ValueError):
        return None


def _int(value: Any) -> Optional[int]:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class HarnessLabCallback:
    """A SkyRL TrainingCallback (the ten hooks of skyrl.train.utils.callbacks.TrainingCallback; not a subclass so
    that importing it does not import SkyRL)."""

    def __init__(self, experiment: Optional[str] = None, run: Optional[str] = None, *, client: Optional[Client] = None,
                 samples_per_prompt: Optional[int] = None):
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self.samples_per_prompt = samples_per_prompt
        self.run: Optional[Run] = None
        self.ending: Optional[RunEnding] = None

    def _ensure_run(self, trainer: Any) -> Run:
        if self.run is None:
            cfg = getattr(trainer, "cfg", None)
            trainer_cfg = getattr(cfg, "trainer", None)
            self.run = open_run(self._experiment, self._run_name, default_experiment=getattr(trainer_cfg, "project_name", None),
                                default_run=getattr(trainer_cfg, "run_name", None), client=self._client, config=cfg)
            # SkyRL fires on_train_end only after a clean loop: a callback freed (its trainer gone after a crash) or a
            # process exiting without it marks the run failed.
            self.ending = RunEnding("SkyRL", self.run)
            self.ending.watch(self)
        if self.samples_per_prompt is None:
            self.samples_per_prompt = _samples_per_prompt(trainer)
        return self.run

    def _ready(self, trainer: Any) -> Run:
        """The run, after reporting (once) a batch the server refused since the last call: only that batch is lost."""
        run = self._ensure_run(trainer)
        try:
            run.client.check()
        except HarnessLabError as error:
            warn_once(_SENDING, error)
        return run

    # ---- the hooks SkyRL calls: on_X(trainer, callback_input, control) ------------------------------------------

    @guarded("SkyRL on_train_start")
    def on_train_start(self, trainer: Any, callback_input: Any, control: Any) -> None:
        self._ensure_run(trainer)

    @guarded("SkyRL on_log")
    def on_log(self, trainer: Any, callback_input: Any, control: Any) -> None:
        logs = getattr(callback_input, "logs", None)
        step = _int(getattr(callback_input, "global_step", None))
        if not logs or step is None:
            return
        values = with_training_series(logs, samples_per_prompt=self.samples_per_prompt or _samples_per_prompt(trainer))
        if values:
            self._ready(trainer).log_metrics(step, values, epoch=_int(getattr(callback_input, "epoch", None)))

    @guarded("SkyRL on_save")
    def on_save(self, trainer: Any, callback_input: Any, control: Any) -> None:
        path = getattr(callback_input, "ckpt_path", None)
        step = _int(getattr(callback_input, "global_step", None))
        self._ready(trainer).checkpoint(step=step, epoch=_int(getattr(callback_input, "epoch", None)),
                                        uri=str(path) if path else None)

    @guarded("SkyRL on_train_end")
    def on_train_end(self, trainer: Any, callback_input: Any, control: Any) -> None:
        run = self._ready(trainer)
        if self.ending is not None and self.ending.finish():
            send_pending(run.client, _SENDING)

    @guarded("SkyRL on_epoch_start")
    def on_epoch_start(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass

    @guarded("SkyRL on_epoch_end")
    def on_epoch_end(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass

    @guarded("SkyRL on_step_start")
    def on_step_start(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass

    @guarded("SkyRL on_step_end")
    def on_step_end(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass  # callback_input.metrics (losses) are in on_log's payload too

    @guarded("SkyRL on_eval_start")
    def on_eval_start(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass

    @guarded("SkyRL on_eval_end")
    def on_eval_end(self, trainer: Any, callback_input: Any, control: Any) -> None:
        pass  # callback_input.metrics (eval/*) are in on_log's payload too

    def __getattr__(self, name: str) -> Any:
        # A hook a later SkyRL adds: the handler's getattr must not raise AttributeError into the trainer.
        if name.startswith("on_") and not name.startswith("on__"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)
