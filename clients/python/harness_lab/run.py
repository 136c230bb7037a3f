"""A run of an experiment as a context manager: metrics, rollouts with turns and hook messages, GRPO groups.

`with client.run("my-experiment", "grpo-seed1") as run:` declares the experiment and the run (status
running), and on leaving marks the run finished, or failed when an exception escapes. Every id it makes is
deterministic (harness_lab.ids), so a restarted trainer re-sends the same steps without duplicating them.
"""
from __future__ import annotations

import math
import time
from typing import Any, Dict, Iterable, List, Mapping, Optional, Protocol, Sequence

from . import events, ids


class RunClient(Protocol):
    """What a run asks of its client (harness_lab.Client is one). Declared here rather than imported from
    client.py, which imports this module, so the two never import each other."""

    def declare_experiment(self, id: str, *, name: Optional[str] = ..., method: str = ..., description: Optional[str] = ...,
                           config: Optional[Mapping[str, Any]] = ...) -> str: ...

    def declare_task(self, id: str, *, key: Optional[str] = ..., benchmark: str = ..., title: Optional[str] = ...,
                     metadata: Optional[Mapping[str, Any]] = ...) -> str: ...

    def send(self, event: Mapping[str, Any]) -> None: ...

    def harness_version_from_dir(self, experiment: str, directory: str, label: str, **kwargs: Any) -> str: ...

    def eval_result(self, experiment: str, benchmark: str, results: Sequence[Mapping[str, Any]], **kwargs: Any) -> str: ...

    def proposal(self, experiment: str, *, base: str, candidate: str, title: str, **kwargs: Any) -> str: ...


def _now_ms() -> int:
    return int(time.time() * 1000)


def metric_value(value: Any) -> Optional[float]:
    """A number for the metrics event (numpy/torch scalars included); NaN and infinities become null.
    Raises TypeError for what is not a number (the caller decides whether to skip it)."""
    if isinstance(value, bool):
        return float(value)
    if hasattr(value, "item") and not isinstance(value, (int, float)):
        value = value.item()
    if not isinstance(value, (int, float)):
        raise TypeError(f"not a number: {type(value).__name__}")
    number = float(value)
    return number if math.isfinite(number) else None


def numeric_values(values: Mapping[str, Any]) -> Dict[str, Optional[float]]:
    """The numeric entries of a trainer's metrics dict (strings, lists, tables are left out)."""
    out: Dict[str, Optional[float]] = {}
    for key, value in values.items():
        if not isinstance(key, str) or not key or len(key) > 256:
            continue
        try:
            out[key] = metric_value(value)
        except (TypeError, ValueError):
            continue
    return out


def _text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # OpenAI-style content parts
        return "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    return str(content)


def normalize_turn(turn: Mapping[str, Any]) -> Dict[str, Any]:
    """A turn as the contract wants it; chat messages ({"role", "content"}) are accepted as they are."""
    out = dict(turn)
    out["content"] = _text(out.get("content"))
    if out.get("role") == "function":
        out["role"] = "tool"
    for key in [k for k, v in out.items() if v is None]:
        del out[key]
    return out


class Run:
    def __init__(self, client: RunClient, experiment: str, name: str, *, id: Optional[str] = None, kind: str = "train",
                 method: str = "grpo", config: Optional[Mapping[str, Any]] = None, benchmark: str = "default",
                 harness_version: Optional[str] = None, experiment_name: Optional[str] = None,
                 description: Optional[str] = None):
        self.client = client
        self.experiment = experiment
        self.name = name
        self.id = id or ids.run(experiment, name)
        self.kind = kind
        self.method = method
        self.config = dict(config) if config else None
        self.benchmark = benchmark
        self.harness_version = harness_version
        self._experiment_name = experiment_name or experiment
        self._description = description
        self._started = False

    # ---- lifecycle --------------------------------------------------------------------------------------

    def start(self) -> "Run":
        self.client.declare_experiment(self.experiment, name=self._experiment_name, method=self.method, description=self._description)
        self.client.send(events.run(id=self.id, experiment=self.experiment, kind=self.kind, status="running", name=self.name,
                                    config=self.config, started_at=_now_ms()))
        self._started = True
        return self

    def finish(self, status: str = "finished") -> None:
        self.client.send(events.run(id=self.id, experiment=self.experiment, kind=self.kind, status=status, finished_at=_now_ms()))

    def __enter__(self) -> "Run":
        return self.start() if not self._started else self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        self.finish("failed" if exc_type is not None else "finished")

    # ---- training data ----------------------------------------------------------------------------------

    def log_metrics(self, step: int, values: Mapping[str, Any], *, epoch: Optional[int] = None) -> None:
        """Metric values at one step (any keys, e.g. critic/score/mean). Non-numeric entries are skipped;
        NaN is sent as null. A point is (run, key, step): re-sending it with another value is refused (409)."""
        numeric = numeric_values(values)
        if numeric:
            self.client.send(events.metrics(run=self.id, step=int(step), values=numeric, epoch=epoch, time=_now_ms()))

    def task(self, id: str, *, key: Optional[str] = None, benchmark: Optional[str] = None, title: Optional[str] = None,
             metadata: Optional[Mapping[str, Any]] = None) -> str:
        """Declares a task (tasks are global: key and benchmark are fixed once stored)."""
        return self.client.declare_task(id, key=key, benchmark=benchmark or self.benchmark, title=title, metadata=metadata)

    def log_rollout(self, *, step: Optional[int], task: str, reward: Optional[float], turns: Sequence[Mapping[str, Any]],
                    sample: int = 0, success: Optional[bool] = None, group: Optional[str] = None, id: Optional[str] = None,
                    purpose: str = "train", epoch: Optional[int] = None, harness_version: Optional[str] = None,
                    checkpoint: Optional[str] = None, hooks: Optional[Mapping[int, Sequence[Mapping[str, Any]]]] = None,
                    truncated: Optional[bool] = None, truncation_kind: Optional[str] = None, exit_status: Optional[str] = None,
                    tokens: Optional[Mapping[str, int]] = None, duration_ms: Optional[int] = None,
                    submission: Optional[str] = None, metadata: Optional[Mapping[str, Any]] = None, **extra: Any) -> str:
        """One rollout: sample `sample` of `task` at `step`, in the GRPO group of (step, task) unless `group`
        says otherwise. `hooks` maps a turn index to the hook messages injected there (events.hook_message);
        turns may also carry their own "hooks". `success` defaults to reward > 0. Returns the rollout id."""
        self.client.declare_task(task, benchmark=self.benchmark)
        normalized = [normalize_turn(t) for t in turns]
        for index, messages in (hooks or {}).items():
            if not 0 <= index < len(normalized):
                raise IndexError(f"harness_lab: hooks given for turn {index}, but the rollout has {len(normalized)} turns")
            normalized[index]["hooks"] = list(normalized[index].get("hooks") or []) + [dict(m) for m in messages]
        rollout_id = id or ids.rollout(self.id, step, task, sample)
        if success is None:
            success = reward is not None and reward > 0
        event = events.rollout(
            id=rollout_id, experiment=self.experiment, run=self.id, task=task, purpose=purpose,
            reward=None if reward is None else metric_value(reward), success=bool(success), turns=normalized,
            harness_version=harness_version or self.harness_version, checkpoint=checkpoint, epoch=epoch,
            step=None if step is None else int(step), group=group or (ids.group(self.id, step, task) if step is not None else None),
            sample_index=sample, exit_status=exit_status, truncated=truncated, truncation_kind=truncation_kind,
            tokens=tokens, duration_ms=duration_ms, submission=submission, metadata=metadata,
        )
        event.update(extra)
        self.client.send(event)
        return rollout_id

    def log_group(self, *, step: int, task: str, samples: Iterable[Mapping[str, Any]], **common: Any) -> List[str]:
        """A GRPO group: the samples of one prompt at one step, each a dict of log_rollout's arguments
        (reward and turns at least). They share one group id; sample indexes follow their order."""
        group = common.pop("group", None) or ids.group(self.id, step, task)
        return [self.log_rollout(step=step, task=task, sample=i, group=group, **{**common, **dict(sample)})
                for i, sample in enumerate(samples)]

    # ---- records of the experiment ---------------------------------------------------------------------

    def checkpoint(self, *, id: Optional[str] = None, role: str = "policy", step: Optional[int] = None, **fields: Any) -> str:
        checkpoint_id = id or ids.prefixed_id("checkpoint", self.id, role, step)
        self.client.send(events.checkpoint(id=checkpoint_id, experiment=self.experiment, run=self.id, role=role, step=step, **fields))
        return checkpoint_id

    def harness_version_from_dir(self, directory: str, label: str, **kwargs: Any) -> str:
        version = self.client.harness_version_from_dir(self.experiment, directory, label, **kwargs)
        if self.harness_version is None:
            self.harness_version = version
        return version

    def eval_result(self, benchmark: str, results: Sequence[Mapping[str, Any]], **kwargs: Any) -> str:
        kwargs.setdefault("run", self.id)
        return self.client.eval_result(self.experiment, benchmark, results, **kwargs)

    def proposal(self, *, base: str, candidate: str, title: str, **kwargs: Any) -> str:
        """This run's proposal (Client.proposal): identified by this run and its round."""
        kwargs.setdefault("run", self.id)
        return self.client.proposal(self.experiment, base=base, candidate=candidate, title=title, **kwargs)
