"""The logger verl's and rllm's `Tracking` call as a backend (`log(data, step)`, `finish()`), and the install
step that registers it under trainer.logger: their backend list is a fixed class attribute checked by an
assert in Tracking.__init__, so install() adds "harness_lab" to it and wraps __init__, log, finish and
__del__ of the Tracking class given. Idempotent; imports the framework only when called.
"""
from __future__ import annotations

import functools
import importlib
import json
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from .. import ids
from ..client import Client
from ._context import open_run
from ._ending import RunEnding
from ._guard import guarded, warn_once
from ._series import with_training_series

BACKEND = "harness_lab"


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _task_id(task: Any, fallback: str) -> str:
    if isinstance(task, Mapping):
        for key in ("task_id", "instance_id", "id", "uid", "idx", "index"):
            if task.get(key) not in (None, ""):
                return str(task[key])
        return ids.stable_id(repr(sorted(task.items(), key=lambda kv: str(kv[0])))[:10_000])
    if isinstance(task, str) and task:
        return task if len(task) <= 128 else ids.stable_id(task)
    return fallback


def _step_field(step: Any, name: str) -> Any:
    """A Step's field, or where rllm's UILogger moves it: observation, model_response and thought go into the
    step's metadata in the episodes it sends (rllm/utils/tracking.py UILogger.log, _PROMOTE_TO_METADATA)."""
    value = _get(step, name)
    if value in (None, ""):
        metadata = _get(step, "metadata")
        if isinstance(metadata, Mapping):
            value = metadata.get(name)
    return value


def episode_turns(episode: Any) -> list:
    """An rllm Episode's messages: the last step's chat_completions of each trajectory (they are cumulative),
    else each step's observation and model response (top level, or in the step's metadata)."""
    turns: list = []
    for trajectory in _get(episode, "trajectories", None) or []:
        steps = _get(trajectory, "steps", None) or []
        last = steps[-1] if steps else None
        messages = _get(last, "chat_completions", None) if last is not None else None
        if messages:
            # Each step's thought belongs to the assistant message that ends that step's (cumulative) history.
            thoughts = {}
            for step in steps:
                history = _get(step, "chat_completions", None) or []
                thought = _step_field(step, "thought")
                if thought and history:
                    thoughts[len(history) - 1] = str(thought)
            first = len(turns)
            for m in messages:
                role = _get(m, "role", "user")
                reasoning = _get(m, "reasoning") or _get(m, "reasoning_content")
                if not reasoning and role == "assistant":
                    reasoning = thoughts.get(len(turns) - first)
                turns.append({"role": role if role in ("system", "user", "assistant", "tool") else "environment",
                              "content": _get(m, "content", "") or "", **({"reasoning": reasoning} if reasoning else {})})
            continue
        for step in steps:
            observation = _step_field(step, "observation")
            if observation not in (None, ""):
                turns.append({"role": "environment", "content": observation if isinstance(observation, str) else str(observation)})
            said = _step_field(step, "model_response")
            if said in (None, ""):
                said = _get(step, "action")
            thought = _step_field(step, "thought")
            said = "" if said is None else said if isinstance(said, str) else json.dumps(said, default=str)
            turns.append({"role": "assistant", "content": said, **({"reasoning": str(thought)} if thought else {})})
    return turns


def _path(config: Any, *keys: str) -> Any:
    for key in keys:
        config = config.get(key) if isinstance(config, Mapping) else None
    return config


def planned_steps(config: Any) -> Optional[int]:
    """The step verl's (and rllm's verl-based) trainer logs last on a clean run: its total_training_steps, which
    RayPPOTrainer._create_dataloader writes into actor_rollout_ref.actor.optim (and critic.optim) of the config the
    Tracking gets (trainer.total_training_steps when set, else the dataloader's length × total_epochs); 0 with
    trainer.val_only (fit logs the validation at step 0 and returns). None when the config does not say."""
    if not isinstance(config, Mapping):
        return None
    if _path(config, "trainer", "val_only") is True:
        return 0
    for keys in (("actor_rollout_ref", "actor", "optim", "total_training_steps"), ("critic", "optim", "total_training_steps"),
                 ("trainer", "total_training_steps")):
        value = _path(config, *keys)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return None


class StepProgress:
    """The last step a Tracking logged against the trainer's plan: what decides, at teardown, finished or failed."""

    def __init__(self, integration: str, planned: Optional[int]):
        self.integration = integration
        self.planned = planned
        self.last_step: Optional[int] = None

    def logged(self, step: int) -> None:
        self.last_step = step if self.last_step is None else max(self.last_step, step)

    def unfinished_reason(self) -> Optional[str]:
        """None when the plan was reached (or no plan is known: then the run is taken as finished, as before)."""
        if self.planned is None or (self.last_step is not None and self.last_step >= self.planned):
            return None
        got = "no step" if self.last_step is None else f"step {self.last_step}"
        return f"{self.integration}: training stopped at {got} of the {self.planned} planned (total_training_steps)"


class HarnessLabLogger:
    """A Tracking backend: metrics every step (with the dashboard's training series), episodes as rollouts. Its
    Tracking's teardown (finish() or __del__, on a clean return and on a crash alike) ends the run finished only when
    the last step logged reached the planned total (see planned_steps), failed otherwise."""

    integration = "tracker"

    def __init__(self, project_name: Optional[str] = None, experiment_name: Optional[str] = None, config: Any = None,
                 client: Optional[Client] = None, **_: Any):
        self.run = open_run(default_experiment=project_name, default_run=experiment_name, client=client, config=config)
        self._finished = False
        self.progress = StepProgress(self.integration, planned_steps(config))
        # at exit without a teardown (the Tracking still alive): the same decision
        self.ending = RunEnding(self.integration, self.run, at_exit=self.progress.unfinished_reason)

    @guarded("tracker.HarnessLabLogger.log")
    def log(self, data: Mapping[str, Any], step: int, episodes: Optional[Sequence[Any]] = None, **_: Any) -> None:
        self.progress.logged(int(step))
        values = with_training_series(data)
        if values:
            self.run.log_metrics(int(step), values)
        if episodes:
            self.log_episodes(episodes, step)

    @guarded("tracker.HarnessLabLogger.log_episodes")
    def log_episodes(self, episodes: Iterable[Any], step: int) -> None:
        """rllm Episodes (id "task_id:rollout_idx", task, is_correct, trajectories with steps and reward)."""
        for n, episode in enumerate(episodes):
            episode_id = str(_get(episode, "id", "") or "")
            task_part, _, sample_part = episode_id.partition(":")
            task = _task_id(_get(episode, "task"), task_part or f"task-{n}")
            if task_part:
                task = task_part
            sample = int(sample_part) if sample_part.isdigit() else n
            rewards = [_get(t, "reward") for t in _get(episode, "trajectories", None) or [] if _get(t, "reward") is not None]
            correct = bool(_get(episode, "is_correct", False))
            reward = float(rewards[-1]) if rewards else (1.0 if correct else 0.0)
            reason = _get(episode, "termination_reason")
            reason_text = str(getattr(reason, "value", reason)) if reason is not None else None
            self.run.log_rollout(step=int(step), task=task, sample=sample, reward=reward, success=correct, turns=episode_turns(episode),
                                 exit_status=reason_text, metadata={"rllm_episode_id": episode_id} if episode_id else None)

    @guarded("tracker.HarnessLabLogger.finish")
    def finish(self, *_: Any, **__: Any) -> None:
        if self._finished:
            return
        self._finished = True
        self.ending.settle_now()


def install(module: str, logger_class: Optional[type] = None) -> type:
    """Registers "harness_lab" as a backend of `module`.Tracking (e.g. "verl.utils.tracking"); the backend built is
    a `logger_class` (default HarnessLabLogger; verl's integration passes its subclass)."""
    new_logger = _new_logger if logger_class is None else guarded(f"{logger_class.__name__}()")(logger_class)
    tracking = importlib.import_module(module)
    cls = tracking.Tracking
    if getattr(cls, "_harness_lab_installed", False):
        return cls
    if BACKEND not in cls.supported_backend:
        cls.supported_backend = list(cls.supported_backend) + [BACKEND]
    original_init = cls.__init__
    original_log = cls.log
    original_finish: Optional[Callable] = getattr(cls, "finish", None)
    original_del: Optional[Callable] = getattr(cls, "__del__", None)

    @functools.wraps(original_init)
    def __init__(self: Any, project_name: Any, experiment_name: Any, default_backend: Any = "console", config: Any = None, *args: Any, **kwargs: Any) -> None:
        backends = [default_backend] if isinstance(default_backend, str) else list(default_backend)
        original_init(self, project_name, experiment_name, default_backend, config, *args, **kwargs)
        if BACKEND in backends:
            ours = new_logger(project_name, experiment_name, config)
            if ours is not None:  # else warned once; the trainer's other backends go on
                self.logger[BACKEND] = ours

    @functools.wraps(original_log)
    def log(self: Any, data: Any, step: Any, backend: Any = None, *args: Any, **kwargs: Any) -> Any:
        result = original_log(self, data, step, backend, *args, **kwargs)
        episodes = kwargs.get("episodes")
        ours = getattr(self, "logger", {}).get(BACKEND)
        if ours is not None and episodes and (backend is None or BACKEND in backend):
            ours.log_episodes(episodes, step)
        return result

    def _finish_ours(self: Any) -> None:
        ours = getattr(self, "logger", {}).get(BACKEND)
        if ours is not None:
            ours.finish()

    cls.__init__ = __init__
    cls.log = log
    if original_finish is not None:
        @functools.wraps(original_finish)
        def finish(self: Any, *args: Any, **kwargs: Any) -> Any:
            _finish_ours(self)
            return original_finish(self, *args, **kwargs)
        cls.finish = finish

    def __del__(self: Any) -> None:
        try:
            _finish_ours(self)
        finally:
            if original_del is not None:
                original_del(self)
    cls.__del__ = __del__
    cls._harness_lab_installed = True
    return cls


_new_logger = guarded("tracker.HarnessLabLogger()")(HarnessLabLogger)


def chain_setup_hook(*hook_paths: Optional[str]) -> Optional[str]:
    """Runs another worker_process_setup_hook ("module.function") first, e.g. rllm's own verl patches: the first
    of `hook_paths` whose module exists (a release that renamed it falls back to the next). Warns once when none
    exists; what the hook itself raises is warned once too, never raised. Returns the path run, or None."""
    paths = [p for p in hook_paths if p]
    for hook_path in paths:
        module_name, _, function = hook_path.rpartition(".")
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            missing = getattr(error, "name", None) or ""
            if missing and module_name != missing and not module_name.startswith(missing + "."):
                warn_once(f"setup hook {hook_path}", error)  # the module exists but an import inside it failed
                return None
            continue
        hook = getattr(module, function, None)
        if hook is None:
            continue
        guarded(f"setup hook {hook_path}")(hook)()
        return hook_path
    if paths:
        warn_once("setup hook", ImportError(f"none of {', '.join(paths)} exists in this release; its patches did not run in this worker"))
    return None

