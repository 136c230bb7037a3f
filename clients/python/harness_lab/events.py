"""Typed constructors for every event of the v1 contract (lib/events in the server, GET /api/v1/openapi.json).

Each function takes the contract's field names as keyword arguments and returns the event as a plain dict,
leaving out the optional fields that were not given. Required arguments have no default; a test compares
these signatures with the server's OpenAPI document, so the two cannot drift.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

Event = Dict[str, Any]
Json = Any
Time = Union[int, str]  # milliseconds since the epoch, or an ISO-8601 string with offset

# The closed sets of the contract (lib/domain/vocabulary.ts), for readers and editors; the server validates.
EVENT_TYPES = (
    "experiment", "run", "harness_version", "checkpoint", "task", "metrics", "source_file", "rollout",
    "skill", "evolution_round", "proposal", "comparison", "decision", "eval_result", "failure_packet", "patch_evaluation",
)
HOOK_POSITIONS = ("episode_init", "pre_decision", "pre_action", "post_feedback")
TURN_ROLES = ("system", "user", "assistant", "tool", "environment")
FILE_KINDS = ("tool", "hook", "skill", "prompt", "config", "other")

# Fields whose None is the contract's null rather than "left out".
_NULLABLE = {"reward"}


def _compact(fields: Mapping[str, Any], keep_null: Sequence[str] = ()) -> Dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None or k in keep_null}


def _event(type_: str, fields: Mapping[str, Any], keep_null: Sequence[str] = ()) -> Event:
    return {"type": type_, **_compact(fields, keep_null)}


# ---- parts of events -------------------------------------------------------------------------------------

def hook_message(*, position: str, hook: Optional[str] = None, effect: Optional[str] = None, message: Optional[str] = None) -> Dict[str, Any]:
    """A hook's message injected into a turn at its lifecycle position (episode_init, pre_decision, pre_action,
    post_feedback); effect is inject, rewrite, refuse, recover or observe."""
    return _compact(locals())


def turn(*, role: str, content: str, reasoning: Optional[str] = None, action: Optional[Mapping[str, Json]] = None,
         observation: Optional[str] = None, return_code: Optional[int] = None, format_error: Optional[bool] = None,
         tokens: Optional[int] = None, hooks: Optional[Sequence[Mapping[str, Any]]] = None, raw: Json = None) -> Dict[str, Any]:
    """One turn of a rollout, with the hook messages injected into it."""
    fields = dict(locals())
    if hooks is not None:
        fields["hooks"] = [dict(h) for h in hooks]
    return _compact(fields)


def harness_file(*, path: str, content: str, kind: str, hook_position: Optional[str] = None) -> Dict[str, Any]:
    """One file of a harness version; a hook file needs its lifecycle position."""
    return _compact(locals())


def eval_task_result(*, task: str, success: bool, reward: Optional[float] = None, rollout: Optional[str] = None,
                     details: Optional[Mapping[str, Json]] = None, attempt: Optional[str] = None) -> Dict[str, Any]:
    """One task's result in an eval_result event (attempt: with join_rollouts, join only the rollout of that attempt)."""
    return _compact(locals())


def evidence(*, rollout: str, note: Optional[str] = None) -> Dict[str, Any]:
    """A rollout a proposal cites as evidence."""
    return _compact(locals())


def reported_comparison(*, base_pass_rate: Optional[float] = None, candidate_pass_rate: Optional[float] = None,
                        base_trainable_rate: Optional[float] = None, candidate_trainable_rate: Optional[float] = None,
                        base_rollouts: Optional[int] = None, candidate_rollouts: Optional[int] = None) -> Dict[str, Any]:
    """Summary numbers a trainer reports for a comparison instead of (or besides) the rollouts."""
    return _compact(locals())


def rollout_tokens(*, prompt: Optional[int] = None, completion: Optional[int] = None) -> Dict[str, Any]:
    return _compact(locals())


# ---- events ----------------------------------------------------------------------------------------------

def experiment(*, id: str, name: str, method: str, description: Optional[str] = None,
               config: Optional[Mapping[str, Json]] = None, created_at: Optional[Time] = None) -> Event:
    """An experiment (method: harnessadapt-rl, harness-r1, grpo or custom)."""
    return _event("experiment", locals())


def run(*, id: str, experiment: str, kind: str, status: str, name: Optional[str] = None,
        config: Optional[Mapping[str, Json]] = None, job: Optional[str] = None,
        started_at: Optional[Time] = None, finished_at: Optional[Time] = None) -> Event:
    """A run starting, changing status or finishing (kind: train, eval, compare, engineer, import)."""
    return _event("run", locals())


def harness_version(*, id: str, experiment: str, label: str, files: Sequence[Mapping[str, Any]], parent: Optional[str] = None,
                    origin: Optional[str] = None, origin_proposal: Optional[str] = None, description: Optional[str] = None) -> Event:
    """A harness version with all of its files (immutable)."""
    fields = dict(locals())
    fields["files"] = [dict(f) for f in files]
    return _event("harness_version", fields)


def checkpoint(*, id: str, experiment: str, role: str, run: Optional[str] = None, name: Optional[str] = None,
               model: Optional[str] = None, step: Optional[int] = None, epoch: Optional[int] = None,
               uri: Optional[str] = None, metadata: Optional[Mapping[str, Json]] = None) -> Event:
    """A model checkpoint (role: policy, target, engineer, teacher)."""
    return _event("checkpoint", locals())


def task(*, id: str, key: str, benchmark: str, title: Optional[str] = None, metadata: Optional[Mapping[str, Json]] = None) -> Event:
    """A task, global across experiments (e.g. a SWE-bench instance)."""
    return _event("task", locals())


def metrics(*, run: str, step: int, values: Mapping[str, Optional[float]], epoch: Optional[int] = None,
            time: Optional[Time] = None) -> Event:
    """Metric values at one step; a point is (run, key, step)."""
    fields = dict(locals())
    fields["values"] = dict(values)
    return _event("metrics", fields)


def source_file(*, id: str, experiment: str, name: str, format: str, content: str, encoding: Optional[str] = None) -> Event:
    """An original file kept byte for byte for download (encoding utf8 or base64)."""
    return _event("source_file", locals())


def rollout(*, id: str, experiment: str, run: str, task: str, purpose: str, reward: Optional[float], success: bool,
            turns: Sequence[Mapping[str, Any]], harness_version: Optional[str] = None, checkpoint: Optional[str] = None,
            epoch: Optional[int] = None, step: Optional[int] = None, group: Optional[str] = None,
            sample_index: Optional[int] = None, exit_status: Optional[str] = None, truncated: Optional[bool] = None,
            truncation_kind: Optional[str] = None, tokens: Optional[Mapping[str, int]] = None,
            cost_usd: Optional[float] = None, duration_ms: Optional[int] = None, submission: Optional[str] = None,
            source_format: Optional[str] = None, source_file: Optional[str] = None,
            metadata: Optional[Mapping[str, Json]] = None, started_at: Optional[Time] = None) -> Event:
    """One rollout with its turns (purpose: train, preparation, comparison, eval, rerun). `reward` may be None."""
    fields = dict(locals())
    fields["turns"] = [dict(t) for t in turns]
    return _event("rollout", fields, keep_null=("reward",))


def skill(*, id: str, experiment: str, kind: str, text: str, task: Optional[str] = None, epoch: Optional[int] = None,
          source_rollouts: Optional[Sequence[str]] = None) -> Event:
    """A skill text (kind: mechanism, hint, bank)."""
    return _event("skill", locals())


def evolution_round(*, id: str, experiment: str, epoch: int, index: int, incumbent: str, run: Optional[str] = None) -> Event:
    """One propose -> compare -> decide cycle and the incumbent harness version it started from."""
    return _event("evolution_round", locals())


def proposal(*, id: str, experiment: str, kind: str, title: str, base: str, candidate: str, round: Optional[str] = None,
             problem: Optional[str] = None, rationale: Optional[str] = None, teacher: Optional[str] = None,
             parent: Optional[str] = None, evidence: Optional[Sequence[Mapping[str, Any]]] = None) -> Event:
    """A proposal (kind: tool_hook or engineer_patch): base and candidate harness versions and evidence rollouts."""
    return _event("proposal", locals())


def comparison(*, id: str, proposal: str, run: Optional[str] = None, rollouts_per_task: Optional[int] = None,
               pairing: Optional[str] = None, base_rollouts: Optional[Sequence[str]] = None,
               candidate_rollouts: Optional[Sequence[str]] = None, reported: Optional[Mapping[str, Any]] = None) -> Event:
    """A candidate comparison: fresh rollouts of each side and/or the numbers the trainer reported. pairing="paired"
    says rollout k of a task ran on the same seed on both sides (give the rollouts sample_index), so the dashboard's
    noise figure swaps sides within those pairs."""
    return _event("comparison", locals())


def decision(*, id: str, proposal: str, verdict: str, actor: Optional[str] = None, actor_kind: Optional[str] = None,
             reason: Optional[str] = None, rule_verdict: Optional[Mapping[str, Json]] = None) -> Event:
    """A decision on a proposal (verdict: accept or reject); the proposal's status follows the latest one."""
    return _event("decision", locals())


def eval_result(*, id: str, experiment: str, benchmark: str, run: Optional[str] = None, checkpoint: Optional[str] = None,
                harness_version: Optional[str] = None, repeat: Optional[int] = None,
                results: Optional[Sequence[Mapping[str, Any]]] = None, reported: Optional[Mapping[str, float]] = None,
                join_rollouts: Optional[bool] = None) -> Event:
    """One evaluation (checkpoint x harness version x benchmark x repeat) with per-task results; join_rollouts gives
    each verdict to the run's rollouts of that task whose outcome is still unknown, whenever they arrive."""
    return _event("eval_result", locals())


def failure_packet(*, id: str, experiment: str, run: Optional[str] = None, target_checkpoint: Optional[str] = None,
                   benchmark: Optional[str] = None, text: Optional[str] = None, rollouts: Optional[Sequence[str]] = None) -> Event:
    """Harness-R1: the failed trajectories of a batch, handed to the engineer model."""
    return _event("failure_packet", locals())


def patch_evaluation(*, id: str, experiment: str, failure_packet: str, valid: bool, complete: bool,
                     proposal: Optional[str] = None, patch_index: Optional[int] = None, target_model: Optional[str] = None,
                     benchmark: Optional[str] = None, baseline_success: Optional[float] = None,
                     patched_success: Optional[float] = None, reward: Optional[float] = None,
                     hook_positions: Optional[Sequence[str]] = None) -> Event:
    """Harness-R1: one engineer patch re-run on its batch."""
    return _event("patch_evaluation", locals())


CONSTRUCTORS = {
    "experiment": experiment, "run": run, "harness_version": harness_version, "checkpoint": checkpoint, "task": task,
    "metrics": metrics, "source_file": source_file, "rollout": rollout, "skill": skill, "evolution_round": evolution_round,
    "proposal": proposal, "comparison": comparison, "decision": decision, "eval_result": eval_result,
    "failure_packet": failure_packet, "patch_evaluation": patch_evaluation,
}
