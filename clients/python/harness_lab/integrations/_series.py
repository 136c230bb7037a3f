"""Maps a trainer's own metric keys to the dashboard's training series, keeping every original key too.

The dashboard draws train/trainable_rate, train/pass_rate, train/mixed_group_ratio, train/truncation_rate
and train/reward_mean (lib/curves/training-series.ts). Trainers report other things:
- verl / rllm: critic/score/mean (mean reward), response_length/clip_ratio (responses cut at max length),
  and the group counts {prefix}/solve_all, /solve_none, /solve_partial (also "solved_*"); those are counts of
  groups in verl-derived trainers (solve_none += 1 per group), so the mixed share needs solve_partial.
- TRL's GRPOTrainer: reward, frac_reward_zero_std (groups whose rewards are all equal), completions/clipped_ratio.
- SkyRL: reward/avg_raw_reward, reward/num_zero_variance_filtered (groups dropped: all rewards equal).
- prime-rl: reward/mean, rollout/truncated_rate (or is_truncated/mean), and group counts as above (older releases);
  current ones: train/agg/effective/<agent>/{reward,is_truncated,is_trainable}/mean, train/agg/all/<agent>/solved_some.
In GRPO every group has the same number of samples, so the share of rollouts in mixed groups (trainable
rate) equals the share of mixed groups.
"""
from __future__ import annotations

from typing import Dict, Iterable, Mapping, Optional

from ..run import numeric_values

REWARD = "train/reward_mean"
TRUNCATION = "train/truncation_rate"
MIXED = "train/mixed_group_ratio"
TRAINABLE = "train/trainable_rate"
PASS = "train/pass_rate"


def _first(values: Mapping[str, Optional[float]], keys: Iterable[str]) -> Optional[float]:
    for key in keys:
        if values.get(key) is not None:
            return values[key]
    return None


def _set(out: Dict[str, Optional[float]], key: str, value: Optional[float]) -> None:
    if value is not None and key not in out:
        out[key] = value


def _mixed_from_solve_counts(values: Mapping[str, Optional[float]]) -> Optional[float]:
    """all / none / partial counts (or shares) of groups under any prefix -> share of mixed groups."""
    for key, partial in values.items():
        for word in ("solve_partial", "solved_partial"):
            if key.endswith("/" + word) and partial is not None:
                prefix = key[: -len(word)]
                stem = word.split("_")[0]
                every = values.get(f"{prefix}{stem}_all")
                none = values.get(f"{prefix}{stem}_none")
                if every is not None and none is not None and every + none + partial > 0:
                    return partial / (every + none + partial)
    return None


def _prime_rl_agent_key(values: Mapping[str, Optional[float]], subset: str, suffix: str) -> Optional[float]:
    """prime-rl (>= 2026-05, orchestrator/metrics.py to_wandb): train/agg/<subset>/<agent>/<suffix>. The one agent's
    value; None when several agents report it (no single series to draw)."""
    head = f"train/agg/{subset}/"
    found = [v for k, v in values.items() if v is not None and k.startswith(head) and k.endswith("/" + suffix)
             and k[len(head):-len(suffix) - 1] and "/" not in k[len(head):-len(suffix) - 1]]
    return found[0] if len(found) == 1 else None


def _prime_rl_series(values: Mapping[str, Optional[float]], derived: Dict[str, Optional[float]]) -> None:
    _set(derived, REWARD, _prime_rl_agent_key(values, "effective", "reward/mean"))
    _set(derived, TRUNCATION, _prime_rl_agent_key(values, "effective", "is_truncated/mean"))
    _set(derived, TRAINABLE, _prime_rl_agent_key(values, "effective", "is_trainable/mean"))
    _set(derived, MIXED, _prime_rl_agent_key(values, "all", "solved_some"))


def with_training_series(values: Mapping[str, object], *, samples_per_prompt: Optional[int] = None) -> Dict[str, Optional[float]]:
    """The numeric entries of `values` plus the dashboard's training series derived from them."""
    out = numeric_values(values)
    derived: Dict[str, Optional[float]] = {}
    _prime_rl_series(out, derived)
    _set(derived, REWARD, _first(out, ("critic/score/mean", "reward/avg_raw_reward", "reward/mean", "reward")))
    _set(derived, TRUNCATION, _first(out, ("response_length/clip_ratio", "completions/clipped_ratio", "rollout/truncated_rate",
                                          "is_truncated/mean")))
    mixed = _mixed_from_solve_counts(out)
    zero_std = out.get("frac_reward_zero_std")
    if mixed is None and zero_std is not None:
        mixed = 1.0 - zero_std
    filtered = _first(out, ("reward/num_zero_variance_filtered", "reward/num_zero_variance_groups"))
    sequences = out.get("generate/batch_num_seq")
    if mixed is None and filtered is not None and sequences and samples_per_prompt:
        groups = sequences / samples_per_prompt
        if groups > 0:
            mixed = max(0.0, 1.0 - filtered / groups)
    if mixed is not None:
        _set(derived, MIXED, mixed)
        _set(derived, TRAINABLE, mixed)
    for key, value in derived.items():
        out.setdefault(key, value)
    return out
