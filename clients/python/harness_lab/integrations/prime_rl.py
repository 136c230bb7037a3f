"""prime-rl: a monitor for `prime_rl.monitors` (prime-rl @ 559b447, `prime_rl/monitors/{__init__,base}.py`).

prime-rl's monitors are module-level async functions: `setup(...)` builds only its own Prime/Wandb/File monitors
(rank 0, once per process) and has no registration hook, so ours is appended to `prime_rl.monitors.MONITORS`
after setup: `register()` does that (a no-op on other ranks, where setup registers nothing either). The
orchestrator then awaits, through the fan-out (which only warns when a monitor raises):
    monitor.log([episode], step=, kind=, subset="all")      each finished rollout, as it arrives
    monitor.log(effective_episodes, step=, kind=, subset="effective")   the cohort actually trained on
    monitor.log(metrics, step=)                               the step's metrics
    monitor.finalize()                                        at shutdown, only after a clean run
An episode is logged under "all" and, when kept, again under "effective", and a rollout is immutable on the server,
so each is sent once: "all" arrivals wait (bounded) until their step's "effective" cohort names the kept ones; the
others went out with metadata.prime_rl.effective = false (filtered out). Episodes (verifiers' Episode,
`to_record()`) become rollouts: turns from the trace nodes' messages, reward = the trace's weighted rewards,
truncation from its stop condition, GRPO group = the episode's group id. Metric keys are kept; added are the
dashboard's training series (see _series.py): reward mean, truncation rate, trainable rate and mixed-group ratio
from `train/agg/effective/<agent>/...` and `train/agg/all/<agent>/solved_some`, and the pass rate of the step's
effective cohort when its rewards are 0/1. finalize() marks the run finished; a process that exits without it
(prime-rl finalizes only on a clean exit) marks it failed. Nothing raised here reaches the trainer (_guard.py).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from .. import ids
from ..client import Client
from ..run import Run
from ._context import open_run
from ._ending import RunEnding
from ._guard import guarded, warn_once
from ._series import PASS, with_training_series

__all__ = ["HarnessLabMonitor", "register"]

# "all" arrivals held while their step's effective cohort is awaited; beyond this the oldest go out unmarked.
MAX_PENDING = 4096
MAX_REMEMBERED = 200_000
_TRUNCATING_STOPS = ("max_turns", "max_input_tokens", "max_output_tokens", "max_total_tokens", "context_length")
_ROLES = ("system", "user", "assistant", "tool")


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _record(episode: Any) -> Mapping[str, Any]:
    """The episode as verifiers writes it to disk (Episode.to_record()), or the dict given."""
    if isinstance(episode, Mapping):
        return episode
    to_record = getattr(episode, "to_record", None)
    if callable(to_record):
        return to_record()
    dump = getattr(episode, "model_dump", None)
    if callable(dump):
        return dump(mode="json", exclude_none=True)
    raise TypeError(f"not a verifiers Episode: {type(episode).__name__}")


def _episode_id(record: Mapping[str, Any]) -> str:
    return str(record.get("id") or "") or ids.stable_id(repr(sorted(record.items(), key=lambda kv: str(kv[0])))[:20_000])


def _content(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):  # content parts
        return "".join(str(p.get("text", "")) if isinstance(p, Mapping) else str(p) for p in value)
    return str(value)


def _trace_turns(trace: Mapping[str, Any]) -> List[Dict[str, Any]]:
    turns: List[Dict[str, Any]] = []
    for node in trace.get("nodes") or []:
        message = node.get("message") if isinstance(node, Mapping) else None
        if not isinstance(message, Mapping):
            continue
        role = str(message.get("role") or "environment")
        turn: Dict[str, Any] = {"role": role if role in _ROLES else "environment", "content": _content(message.get("content"))}
        reasoning = message.get("reasoning_content") or message.get("reasoning")
        if reasoning:
            turn["reasoning"] = _content(reasoning)
        if message.get("tool_calls"):
            turn["action"] = {"tool_calls": message["tool_calls"]}
        if node.get("sampled") and isinstance(node.get("token_ids"), list):
            turn["tokens"] = len(node["token_ids"])
        turns.append(turn)
    return turns


def _trace_reward(trace: Mapping[str, Any]) -> Optional[float]:
    rewards = trace.get("rewards")
    if isinstance(trace.get("reward"), (int, float)):
        return float(trace["reward"])
    if not isinstance(rewards, Mapping) or not rewards:
        return None
    total = 0.0
    for value in rewards.values():
        if isinstance(value, Mapping) and isinstance(value.get("score"), (int, float)):
            total += float(value["score"]) * float(value.get("weight", 1.0) if isinstance(value.get("weight", 1.0), (int, float)) else 1.0)
        elif isinstance(value, (int, float)):
            total += float(value)
    return total if math.isfinite(total) else None


def _truncated(trace: Mapping[str, Any]) -> bool:
    if trace.get("is_truncated") is not None:
        return bool(trace["is_truncated"])
    if trace.get("stop_condition") in _TRUNCATING_STOPS:
        return True
    calls = [c for c in trace.get("calls") or [] if isinstance(c, Mapping) and not c.get("error")]
    return bool(calls and calls[-1].get("finish_reason") == "length")


def _trainable(trace: Mapping[str, Any]) -> Optional[bool]:
    """prime-rl's is_trainable: any sampled token with nonzero advantage (None before advantages are set)."""
    seen = False
    for node in trace.get("nodes") or []:
        advantages = node.get("advantages") if isinstance(node, Mapping) else None
        if advantages is None:
            continue
        seen = True
        if any(a != 0.0 for a in advantages):
            return True
    return False if seen else None


class HarnessLabMonitor:
    """prime-rl's Monitor interface (async init/log/log_metrics/log_episodes/finalize), duck-typed so that this
    module imports nothing of prime-rl; `register()` appends one to prime_rl.monitors.MONITORS."""

    def __init__(self, config: Any = None, *, experiment: Optional[str] = None, run: Optional[str] = None,
                 client: Optional[Client] = None, run_config: Any = None, max_pending: int = MAX_PENDING):
        self.config = config
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self._run_config = run_config
        self.run: Optional[Run] = None
        self.ending: Optional[RunEnding] = None
        self.max_pending = max_pending
        # (kind, step) -> episode id -> record, in arrival order
        self._pending: "OrderedDict[Tuple[str, int], OrderedDict[str, Mapping[str, Any]]]" = OrderedDict()
        self._pending_count = 0
        self._sent: "OrderedDict[str, None]" = OrderedDict()  # ids sent lately: each episode goes out once
        self._samples: Dict[Tuple[str, int], Dict[str, int]] = {}  # sample indexes per (kind, step) and group
        self._pass: Dict[int, Tuple[int, int]] = {}

    def _ensure_run(self) -> Run:
        if self.run is None:
            self.run = open_run(self._experiment, self._run_name, client=self._client, config=self._run_config,
                                default_experiment="prime-rl", default_run="run")
            # prime-rl awaits finalize() only on a clean exit ("a crashed run must not be marked completed"): a
            # process that exits without it marks the run failed, after sending the episodes still waiting.
            self.ending = RunEnding("prime-rl", self.run, at_exit=self._exiting_without_finalize)
        return self.run

    def _exiting_without_finalize(self) -> str:
        try:
            self._flush_all()
        except Exception as error:  # noqa: BLE001 - at exit, never raise over the trainer's own ending
            warn_once("prime_rl: sending the episodes still waiting at exit", error)
        return "prime-rl: the process exited without the orchestrator's finalize (training did not end cleanly)"

    def _flush_all(self) -> None:
        while self._pending:
            self._flush_oldest()

    @guarded("prime_rl.HarnessLabMonitor.init")
    async def init(self, **kwargs: Any) -> None:
        if self._run_config is None and kwargs.get("config") is not None:
            self._run_config = kwargs["config"]
        self._ensure_run()

    @guarded("prime_rl.HarnessLabMonitor.log")
    async def log(self, data: Any, step: int, kind: str = "train", subset: str = "effective") -> None:
        if isinstance(data, dict):
            await self.log_metrics(data, step=step)
        else:
            await self.log_episodes(data if isinstance(data, list) else [data], step=step, kind=kind, subset=subset)

    @guarded("prime_rl.HarnessLabMonitor.log_metrics")
    async def log_metrics(self, metrics: Mapping[str, Any], step: int) -> None:
        values = with_training_series({k: v for k, v in metrics.items() if k != "step"})
        passed = self._pass.pop(int(step), None)
        if passed is not None and passed[1] > 0 and not any(k.startswith("train/") and k.endswith("pass@1") for k in values):
            values.setdefault(PASS, passed[0] / passed[1])
        if values:
            self._ensure_run().log_metrics(int(step), values)

    @guarded("prime_rl.HarnessLabMonitor.log_episodes")
    async def log_episodes(self, episodes: Iterable[Any], step: int, kind: str = "train", subset: str = "effective") -> None:
        step = int(step)
        if subset == "all":
            for episode in episodes:
                record = _record(episode)
                episode_id = _episode_id(record)
                if episode_id in self._sent:
                    continue
                self._pending.setdefault((kind, step), OrderedDict())[episode_id] = record
                self._pending_count += 1
            while self._pending_count > self.max_pending and self._pending:
                self._flush_oldest()
            return
        passed, scored, binary = 0, 0, True
        for episode in episodes:
            record = _record(episode)
            episode_id = _episode_id(record)
            for held in self._pending.values():
                if held.pop(episode_id, None) is not None:
                    self._pending_count -= 1
            for reward in (_trace_reward(t) for t in record.get("traces") or [] if isinstance(t, Mapping)):
                if reward is not None:
                    scored += 1
                    passed += reward == 1.0
                    binary = binary and reward in (0.0, 1.0)
            self._send(record, step, kind, effective=True)
        if kind == "train" and scored > 0 and binary:
            self._pass[step] = (passed, scored)
        # What arrived in this step's window and is not in its effective cohort was filtered out.
        for key in [k for k in self._pending if k[0] == kind and k[1] <= step]:
            for record in self._pending.pop(key).values():
                self._pending_count -= 1
                self._send(record, key[1], kind, effective=False if key[1] == step else None)

    def _flush_oldest(self) -> None:
        key, held = next(iter(self._pending.items()))
        episode_id, record = held.popitem(last=False)
        self._pending_count -= 1
        if not held:
            del self._pending[key]
        self._send(record, key[1], key[0], effective=None)

    def _send(self, record: Mapping[str, Any], step: int, kind: str, effective: Optional[bool]) -> None:
        episode_id = _episode_id(record)
        if episode_id in self._sent:
            return
        self._sent[episode_id] = None
        while len(self._sent) > MAX_REMEMBERED:
            self._sent.popitem(last=False)
        run = self._ensure_run()
        traces = [t for t in record.get("traces") or [] if isinstance(t, Mapping)]
        task_info = record.get("task") if isinstance(record.get("task"), Mapping) else {}
        if not task_info and traces and isinstance(traces[0].get("task"), Mapping):
            task_info = traces[0]["task"]
        task = str(task_info.get("key") or task_info.get("id") or ids.stable_id(repr(task_info.get("data"))[:10_000]))
        env = record.get("env") if isinstance(record.get("env"), Mapping) else {}
        env_name = env.get("name") or env.get("id")
        if env_name:
            task = f"{env_name}:{task}"
        group_info = record.get("group") if isinstance(record.get("group"), Mapping) else {}
        group_key = str(group_info.get("id") or task)
        counts = self._samples.setdefault((kind, step), {})
        sample = counts.get(group_key, 0)
        counts[group_key] = sample + 1
        for old in [k for k in self._samples if k[0] == kind and k[1] < step - 8]:
            del self._samples[old]
        rewards = [r for r in (_trace_reward(t) for t in traces) if r is not None]
        reward = sum(rewards) if rewards else None
        turns: List[Dict[str, Any]] = []
        for trace in traces:
            turns += _trace_turns(trace)
        truncated = any(_truncated(t) for t in traces)
        stops = [str(t["stop_condition"]) for t in traces if t.get("stop_condition")]
        errors = record.get("errors") or [e for t in traces for e in (t.get("errors") or [])]
        meta: Dict[str, Any] = {"episode": episode_id, "subset": "effective" if effective else "all"}
        if effective is not None:
            meta["effective"] = effective
        trainable = [x for x in (_trainable(t) for t in traces) if x is not None]
        if trainable:
            meta["trainable"] = any(trainable)
        if record.get("ok") is False or errors:
            meta["ok"] = False
            meta["errors"] = errors[:20] if isinstance(errors, list) else errors
        if group_info.get("id"):
            meta["group"] = group_info["id"]
        if env_name:
            meta["env"] = env_name
        run.log_rollout(
            id=ids.prefixed_id("rollout", run.id, "prime-rl", episode_id),
            step=step, task=task, sample=sample, reward=reward, turns=turns or [{"role": "environment", "content": "(episode without traces)"}],
            success=None if reward is None else reward >= 1.0,
            group=ids.group(run.id, step, f"{kind}:{group_key}"), purpose="eval" if kind == "eval" else "train",
            truncated=truncated or None, truncation_kind="tokens" if truncated and not (stops and stops[-1] == "max_turns") else ("turns" if truncated else None),
            exit_status=(stops[-1] if stops else None), metadata={"prime_rl": meta})

    @guarded("prime_rl.HarnessLabMonitor.finalize")
    async def finalize(self) -> None:
        """Sends what still waits for an effective cohort (unmarked: never shipped nor filtered) and finishes the run;
        the client delivers the rest in the background (or spills it for `harness-lab sync` at exit)."""
        self._flush_all()
        if self.ending is not None:
            self.ending.finish()


@guarded("prime_rl.register")
def register(monitor: Optional[HarnessLabMonitor] = None, **kwargs: Any) -> Optional[HarnessLabMonitor]:
    """Appends a HarnessLabMonitor to prime_rl.monitors.MONITORS; call it after `await monitors.setup(...)` (setup
    asserts the list is empty). Rank 0 only, like setup: returns None on other ranks."""
    import os

    from prime_rl import monitors  # the orchestrator's process has it

    if int(os.environ.get("RANK", os.environ.get("DP_RANK", "0"))) != 0:
        return None
    ours = monitor or HarnessLabMonitor(**kwargs)
    if not any(m is ours for m in monitors.MONITORS):
        monitors.MONITORS.append(ours)
    return ours
