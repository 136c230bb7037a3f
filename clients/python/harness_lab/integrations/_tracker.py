"""The logger verl's and rllm's `Tracking` call as a backend (`log(data, step)`, `finish()`), and the install
step that registers it under trainer.logger: their backend list is a fixed class attribute checked by an
assert in Tracking.__init__, so install() adds "harness_lab" to it and wraps __init__, log, finish and
__del__ of the Tracking class given. Idempotent; imports the framework only when called.
"""
from __future__ import annotations

import functools
import importlib
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from .. import ids
from ..client import Client
from ._context import open_run
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


def episode_turns(episode: Any) -> list:
    """An rllm Episode's messages: the last step's chat_completions of each trajectory (they are cumulative),
    else each step's observation and model response."""
    turns: list = []
    for trajectory in _get(episode, "trajectories", None) or []:
        steps = _get(trajectory, "steps", None) or []
        last = steps[-1] if steps else None
        messages = _get(last, "chat_completions", None) if last is not None else None
        if messages:
            for m in messages:
                role = _get(m, "role", "user")
                turns.append({"role": role if role in ("system", "user", "assistant", "tool") else "environment",
                              "content": _get(m, "content", "") or "", **({"reasoning": _get(m, "reasoning")} if _get(m, "reasoning") else {})})
            continue
        for step in steps:
            if _get(step, "observation") not in (None, ""):
                turns.append({"role": "environment", "content": str(_get(step, "observation"))})
            turns.append({"role": "assistant", "content": str(_get(step, "model_response", "") or ""),
                          **({"reasoning": _get(step, "thought")} if _get(step, "thought") else {})})
    return turns


class HarnessLabLogger:
    """A Tracking backend: metrics every step (with the dashboard's training series), episodes as rollouts."""

    def __init__(self, project_name: Optional[str] = None, experiment_name: Optional[str] = None, config: Any = None,
                 client: Optional[Client] = None, **_: Any):
        self.run = open_run(default_experiment=project_name, default_run=experiment_name, client=client, config=config)
        self._finished = False

    def log(self, data: Mapping[str, Any], step: int, episodes: Optional[Sequence[Any]] = None, **_: Any) -> None:
        values = with_training_series(data)
        if values:
            self.run.log_metrics(int(step), values)
        if episodes:
            self.log_episodes(episodes, step)

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

    def finish(self, *_: Any, **__: Any) -> None:
        if self._finished:
            return
        self._finished = True
        self.run.finish()


def install(module: str) -> type:
    """Registers "harness_lab" as a backend of `module`.Tracking (e.g. "verl.utils.tracking")."""
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
            self.logger[BACKEND] = HarnessLabLogger(project_name, experiment_name, config)

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


def chain_setup_hook(hook_path: Optional[str]) -> None:
    """Runs another worker_process_setup_hook ("module.function") first, e.g. rllm's own verl patch."""
    if not hook_path:
        return
    module_name, _, function = hook_path.rpartition(".")
    try:
        getattr(importlib.import_module(module_name), function)()
    except ImportError:
        pass

