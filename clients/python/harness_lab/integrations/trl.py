"""TRL: `GRPOTrainer(..., callbacks=[HarnessLabCallback(experiment="...")])`.

A transformers `TrainerCallback` (same method signatures; transformers is not imported). Read from TRL 1.13
(trl/trainer/grpo_trainer.py) and transformers 5.x (trainer.py, trainer_callback.py):

- Metrics. `GRPOTrainer.log` merges its averaged metrics (reward, reward_std, frac_reward_zero_std,
  rewards/<func>/mean, completions/clipped_ratio, step_time, ...) into the Trainer's dict and calls `on_log`;
  after the last step the Trainer logs its summary (train_runtime, train_loss, ...) at the same step. Every
  `on_log` of one step is merged into ONE metrics event, sent when the next step begins or at the end.
  Added keys: train/reward_mean (reward), train/truncation_rate (completions/clipped_ratio),
  train/mixed_group_ratio and train/trainable_rate (1 - frac_reward_zero_std), train/epoch (the real-valued
  epoch: the event's `epoch` field is an integer in the contract, so it carries the completed epochs).
- Rollouts. Completions reach no callback argument: TRL keeps them on the trainer, in `trainer._logs`
  (deques of the last generation batch: prompt, completion, rewards[func], advantages, extra[column]), and
  writes them to completions/*.parquet only after `on_log` returns. The callback finds its trainer on the
  call stack (once, at on_init_end or on_train_begin) and, at each `on_step_end`, `on_prediction_step`
  (evaluation batches) and `on_log`, sends the rows it has not sent yet (the deques outlive steps; they hold
  one generation batch, so a row is taken before the next batch pushes it out) as rollouts grouped by
  `num_generations`: prompt and completion as turns,
  reward = TRL's combined reward (the reward functions' values weighted by `reward_weights`, NaN-skipping
  sum, as TRL logs it), metadata {rewards: {func: value}, advantage, extra columns}. Rows generated during
  evaluation (the model not in training mode, as GRPOTrainer.log tells) are sent with purpose "eval", in groups
  of num_generations_eval.
- Runs. Experiment and run: the arguments, else HARNESS_LAB_EXPERIMENT / HARNESS_LAB_RUN, else
  `args.run_name` or the output_dir's name plus a per-launch suffix (a rerun is a new run). `on_train_end`
  finishes the run; a `train()` that raises (a reward function failing) marks it failed (the callback wraps
  its trainer's `train`; at interpreter exit any run still open is marked failed too).
- Only the main process (state.is_world_process_zero) sends. Nothing here raises into the trainer: every
  method the trainer calls is `guarded` (one warning per failure kind); sending never blocks on the network.
"""
from __future__ import annotations

import atexit
import collections
import functools
import math
import os
import sys
import threading
import weakref
from typing import Any, Callable, Dict, List, Mapping, Optional

from .. import ids
from ..client import Client
from ..errors import HarnessLabError
from ..run import Run
from ._context import open_run
from ._guard import guarded, warn_once
from ._series import with_training_series

__all__ = ["HarnessLabCallback"]

EPOCH = "train/epoch"
DRAIN_TIMEOUT = 10.0  # seconds the end of training waits for the worker to queue what it was given


class _Worker:
    """One daemon thread that turns the trainer's snapshots into events and hands them to the client, so the
    trainer's thread only copies a few lists per step. Jobs run in order; a failing job is one warning. The
    trainer's thread never wakes it (a wake-up hands the GIL over in the middle of the callback): it looks
    for jobs every POLL seconds, or at once when drained."""

    POLL = 0.05

    def __init__(self) -> None:
        self._jobs: "collections.deque" = collections.deque()
        self._wake = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._pid = os.getpid()

    def submit(self, job: Callable[..., Any], *args: Any) -> None:
        """Called on the trainer's thread (deque.append is atomic). A forked child starts its own thread."""
        if self._thread is None or self._pid != os.getpid():
            self._jobs, self._wake, self._pid = collections.deque(), threading.Event(), os.getpid()
            self._thread = threading.Thread(target=self._loop, args=(self._jobs, self._wake), name="harness-lab-trl", daemon=True)
            self._thread.start()
        self._jobs.append((job, args))

    @classmethod
    def _loop(cls, jobs: "collections.deque", wake: threading.Event) -> None:
        while True:
            wake.wait(cls.POLL)
            wake.clear()
            while jobs:
                job, args = jobs.popleft()
                try:
                    job(*args)
                except Exception as error:  # noqa: BLE001 - a worker that dies would lose every later event
                    warn_once("trl (building events)", error)

    def drain(self, timeout: float) -> bool:
        """Waits until every job submitted so far has run."""
        if self._thread is None:
            return True
        done = threading.Event()
        self._jobs.append((done.set, ()))
        self._wake.set()
        return done.wait(timeout)


def _deliver(send: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A batch the server refused earlier is raised on the client's next call, before that call's event is
    queued: name it once (that batch is lost) and queue this event all the same."""
    try:
        return send(*args, **kwargs)
    except HarnessLabError as error:
        warn_once("trl: a batch sent earlier", error)
        return send(*args, **kwargs)


def _number(value: Any) -> Optional[float]:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


class HarnessLabCallback:
    def __init__(self, experiment: Optional[str] = None, run: Optional[str] = None, *, client: Optional[Client] = None,
                 method: str = "grpo", rollouts: bool = True):
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self._method = method
        self._rollouts = rollouts
        self.run: Optional[Run] = None
        self._trainer_ref: Optional[weakref.ReferenceType] = None
        self._wrapped = False
        self._ended = False
        self._at_exit = False
        self._pending_step: Optional[int] = None
        self._pending: Dict[str, Any] = {}
        self._pending_epoch: Optional[float] = None
        self._seen: List[Any] = []  # the advantage objects of rows already sent (held, so their ids stay theirs)
        self._tasks: set = set()
        self._weights: Optional[Dict[str, float]] = None
        self._groups_step: Optional[int] = None
        self._groups: Dict[str, int] = {}
        self._worker = _Worker()

    # ---- the trainer ----------------------------------------------------------------------------------

    def _main(self, state: Any) -> bool:
        return bool(getattr(state, "is_world_process_zero", True))

    @property
    def trainer(self) -> Any:
        return self._trainer_ref() if self._trainer_ref is not None else None

    def _find_trainer(self) -> Any:
        """The Trainer whose callback handler holds this callback, from the call stack (Trainer -> CallbackHandler -> us)."""
        if self.trainer is not None:
            return self.trainer
        frame = sys._getframe(1)
        for _ in range(16):
            if frame is None:
                break
            candidate = frame.f_locals.get("self")
            handler = getattr(candidate, "callback_handler", None)
            if handler is not None and any(c is self for c in getattr(handler, "callbacks", ())):
                self._trainer_ref = weakref.ref(candidate)
                self._wrap_train(candidate)
                return candidate
            frame = frame.f_back
        return None

    def _wrap_train(self, trainer: Any) -> None:
        """`trainer.train` marks the run failed when it raises (on_train_end is never called then)."""
        if self._wrapped or not callable(getattr(trainer, "train", None)):
            return
        original = trainer.train
        callback = weakref.ref(self)

        @functools.wraps(original)
        def train(*args: Any, **kwargs: Any) -> Any:
            try:
                return original(*args, **kwargs)
            except BaseException:
                me = callback()
                if me is not None:
                    me._fail()
                raise

        trainer.train = train
        self._wrapped = True

    # ---- the run --------------------------------------------------------------------------------------

    def _ensure_run(self, args: Any) -> Run:
        if self.run is None:
            run_name = getattr(args, "run_name", None)
            output_dir = getattr(args, "output_dir", None)
            default = run_name or (str(output_dir).rstrip("/").split("/")[-1] if output_dir else None)
            config = args.to_dict() if hasattr(args, "to_dict") else None
            self.run = open_run(self._experiment, self._run_name, default_run=default, client=self._client, config=config,
                                method=self._method)
            if not self._at_exit:  # after the client's own atexit close: atexit runs this one first
                atexit.register(_fail_at_exit, weakref.ref(self))
                self._at_exit = True
        return self.run

    def _send_metrics(self) -> None:
        """Hands the merged metrics of the pending step to the worker."""
        if self._pending_step is None or self.run is None:
            return
        step, pending, epoch = self._pending_step, self._pending, self._pending_epoch
        self._pending_step, self._pending, self._pending_epoch = None, {}, None
        self._worker.submit(self._emit_metrics, self.run, step, pending, epoch)

    @staticmethod
    def _emit_metrics(run: Run, step: int, pending: Mapping[str, Any], epoch: Optional[float]) -> None:
        values = with_training_series(pending)
        if epoch is not None:
            values.setdefault(EPOCH, _number(epoch))
        if values:
            _deliver(run.log_metrics, step, values, epoch=None if epoch is None else int(epoch))

    def _finish(self, status: str) -> None:
        if self.run is None or self._ended:
            return
        self._ended = True
        try:
            self._send_metrics()
        finally:
            self._worker.submit(_deliver, self.run.finish, status)
            # Only event building is left on the worker (sending never waits for the network): quick.
            self._worker.drain(DRAIN_TIMEOUT)

    def _fail(self) -> None:
        try:
            self._finish("failed")
        except Exception as error:  # noqa: BLE001 - never into the trainer, nor over its exception
            warn_once("trl.train (marking the run failed)", error)

    # ---- rollouts -------------------------------------------------------------------------------------

    def _send_rollouts(self, step: int) -> None:
        """On the trainer's thread only what must be: which rows of TRL's deques are new (by identity of the
        advantage floats, held so their ids stay theirs), copied; the worker builds and queues the events."""
        trainer = self.trainer
        logs = getattr(trainer, "_logs", None)
        if self.run is None or not isinstance(logs, dict):  # (not typing.Mapping: its isinstance costs ~100 us)
            return
        advantages = list(logs.get("advantages") or ())
        seen = {id(a) for a in self._seen}
        start = next((i for i, a in enumerate(advantages) if id(a) not in seen), len(advantages))
        self._seen = advantages
        if start >= len(advantages):
            return
        rows = {
            "advantages": advantages[start:],
            "prompt": list(logs.get("prompt") or ())[start:],
            "completion": list(logs.get("completion") or ())[start:],
            "rewards": {name: list(values)[start:] for name, values in (logs.get("rewards") or {}).items()},
            "extra": {name: list(values)[start:] for name, values in (logs.get("extra") or {}).items()},
        }
        if self._weights is None:
            names = list(getattr(trainer, "reward_func_names", None) or rows["rewards"].keys())
            weights_attr = getattr(trainer, "reward_weights", None)
            weights = weights_attr.tolist() if hasattr(weights_attr, "tolist") else list(weights_attr or [])
            self._weights = {name: (float(weights[i]) if i < len(weights) else 1.0) for i, name in enumerate(names)}
        # GRPOTrainer.log's own test: evaluation generates num_generations_eval per prompt into the same deques.
        training = bool(getattr(getattr(trainer, "model", None), "training", True))
        size = int((getattr(trainer, "num_generations", 0) if training else
                    getattr(trainer, "num_generations_eval", 0) or getattr(trainer, "num_generations", 0)) or 0)
        purpose = "train" if training else "eval"
        # Group numbers go on across the calls of one step (evaluation batches, a log after the step's end).
        if self._groups_step != step:
            self._groups_step, self._groups = step, {}
        first_group = self._groups.get(purpose, 0)
        self._groups[purpose] = first_group + -(-len(advantages[start:]) // (size or len(advantages[start:])))
        self._worker.submit(self._emit_rollouts, self.run, step, rows, self._weights, size, purpose, first_group)

    def _emit_rollouts(self, run: Run, step: int, rows: Mapping[str, Any], weight: Mapping[str, float], size: int,
                       purpose: str, first_group: int) -> None:
        advantages, prompts, completions = rows["advantages"], rows["prompt"], rows["completion"]
        rewards, extra = rows["rewards"], rows["extra"]
        n = len(advantages)
        if len(prompts) != n or len(completions) != n or any(len(v) != n for v in rewards.values()):
            return  # not the shape read from TRL's source: send nothing rather than misattribute rows
        size = size or n
        for group_index, first in enumerate(range(0, n, size), start=first_group):
            prompt = str(prompts[first])
            task = ids.prefixed_id("trl-prompt", prompt)
            if task not in self._tasks:
                _deliver(run.task, task, title=prompt[:200])
                self._tasks.add(task)
            samples = []
            for i in range(first, min(first + size, n)):
                per_func = {name: _number(values[i]) for name, values in rewards.items()}
                scored = [weight.get(name, 1.0) * value for name, value in per_func.items() if value is not None]
                metadata: Dict[str, Any] = {"rewards": per_func, "advantage": _number(advantages[i])}
                for column, values in extra.items():
                    metadata[column] = values[i] if isinstance(values[i], (str, int, float, bool, type(None))) else str(values[i])
                samples.append({
                    "id": ids.prefixed_id("rollout", run.id, purpose, step, group_index, i - first) if purpose != "train"
                    else ids.prefixed_id("rollout", run.id, step, group_index, i - first),
                    "reward": sum(scored) if scored else None,
                    "turns": [{"role": "user", "content": str(prompts[i])}, {"role": "assistant", "content": str(completions[i])}],
                    "metadata": metadata,
                })
            group = ids.prefixed_id("group", run.id, step, group_index) if purpose == "train" else ids.prefixed_id("group", run.id, purpose, step, group_index)
            _deliver(run.log_group, step=step, task=task, samples=samples, group=group, purpose=purpose)

    # ---- what the Trainer calls -----------------------------------------------------------------------

    @guarded("trl.on_init_end")
    def on_init_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self._find_trainer()

    @guarded("trl.on_train_begin")
    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self._find_trainer()
        if self._main(state):
            self._ensure_run(args)

    @guarded("trl.on_step_begin")
    def on_step_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self._pending_step is not None and self._main(state):
            self._send_metrics()

    @guarded("trl.on_step_end")
    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        # The step's completions are in TRL's deques now; with logging_steps > 1 they would be gone by on_log.
        if self._rollouts and self.run is not None and self._main(state):
            self._send_rollouts(int(getattr(state, "global_step", 0) or 0))

    @guarded("trl.on_prediction_step")
    def on_prediction_step(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        # Each evaluation batch overwrites the deques (maxlen: one generation batch): take its rows now.
        if self._rollouts and self.run is not None and self._main(state):
            self._send_rollouts(int(getattr(state, "global_step", 0) or 0))

    @guarded("trl.on_log")
    def on_log(self, args: Any, state: Any, control: Any, logs: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        if not logs or not self._main(state):
            return
        self._ensure_run(args)
        step = int(getattr(state, "global_step", 0) or 0)
        if self._pending_step is not None and self._pending_step != step:
            self._send_metrics()
        self._pending_step = step
        self._pending.update(logs)
        epoch = getattr(state, "epoch", None)
        if epoch is not None:
            self._pending_epoch = epoch
        if self._rollouts:
            if self.trainer is None:
                self._find_trainer()
            self._send_rollouts(step)

    @guarded("trl.on_train_end")
    def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        # No waiting for the server here: the client sends in the background and at exit (close_timeout).
        # Only the worker is waited for (building events: milliseconds), so the run's events are all queued.
        if self._main(state):
            self._finish("finished")

    def __getattr__(self, name: str) -> Callable[..., None]:
        # The Trainer calls every event on every callback (on_step_end, on_save, on_evaluate, ...): accept them all.
        if name.startswith("on_"):
            return _ignore
        raise AttributeError(name)


def _ignore(*args: Any, **kwargs: Any) -> None:
    return None


def _fail_at_exit(ref: "weakref.ReferenceType[HarnessLabCallback]") -> None:
    """A run still open when the interpreter exits never reached on_train_end: its trainer died."""
    callback = ref()
    if callback is None or callback.run is None:
        return
    if not callback._ended:
        callback._fail()
    else:
        callback._worker.drain(DRAIN_TIMEOUT)  # before the client's own close, registered earlier, runs
