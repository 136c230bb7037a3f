"""Deterministic ids, the same as the TypeScript client's (lib/client/ids.ts).

The store is idempotent on producer ids, so a trainer that crashes and restarts must regenerate the *same*
ids for the same things: `ids.rollout(run, step, task, sample)` re-sent after a restart changes nothing.
"""
from __future__ import annotations

import hashlib
import json
import math
from typing import Optional, Union

IdPart = Union[str, int, float, bool, None]

# Hex characters kept from the sha256: 80 bits, far from collisions at millions of rollouts per experiment.
ID_HEX_LENGTH = 20


def _js_number(value: float) -> Union[int, float]:
    # JSON.stringify writes 1.0 as "1": keep the hash equal to the TypeScript client's.
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def _canonical(parts: tuple) -> str:
    normalized = []
    for part in parts:
        if isinstance(part, bool) or part is None or isinstance(part, str):
            normalized.append(part)
        elif isinstance(part, (int, float)):
            normalized.append(_js_number(part) if math.isfinite(part) else None)
        else:
            normalized.append(str(part))
    return json.dumps(normalized, ensure_ascii=False, separators=(",", ":"))


def stable_id(*parts: IdPart) -> str:
    """A short id derived from the parts; ("a", "b,c") and ("a,b", "c") differ (hashed as a JSON array)."""
    return hashlib.sha256(_canonical(parts).encode("utf-8")).hexdigest()[:ID_HEX_LENGTH]


def prefixed_id(prefix: str, *parts: IdPart) -> str:
    """`prefixed_id("rollout", run, task, sample)` -> "rollout-3f2a...": readable, still deterministic."""
    return f"{prefix}-{stable_id(prefix, *parts)}"


def rollout(run: str, step: IdPart, task: str, sample: IdPart) -> str:
    """The id of sample `sample` of `task` at `step` of `run`."""
    return prefixed_id("rollout", run, step, task, sample)


def group(run: str, step: IdPart, task: str) -> str:
    """The GRPO group of `task` at `step` of `run` (the samples of one prompt)."""
    return prefixed_id("group", run, step, task)


def run(experiment: str, name: str) -> str:
    """The run id `client.run(experiment, name)` uses: readable, unique per experiment."""
    return f"{experiment}.{name}"


def proposal(experiment: str, *, run: Optional[str], round: Optional[IdPart], nth: Optional[int], base: str, candidate: str) -> str:
    """A proposal's id: its run and round, and the change (base -> candidate), so several proposals of one round
    differ and the same change proposed in a later round (or by another run) is a new proposal with its own
    decision. `round`: the trainer's round (an evolution round's id or number); without one, `nth` counts the
    proposals of this change in the run (1, 2, ...). A restarted trainer re-proposing the same rounds gets the
    same ids, so nothing is doubled. Ids of proposals stored before (derived from experiment, base and
    candidate alone) stay as they are: stored records keep their ids.
    """
    which = ("round", round) if round is not None else ("nth", nth)
    return prefixed_id("proposal", experiment, run, *which, base, candidate)
