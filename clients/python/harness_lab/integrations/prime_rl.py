"""prime-rl: a `Monitor` (prime_rl.utils.monitor), `HarnessLabMonitor()` next to the others.

Shaped like prime-rl's Monitor base class: `log(metrics)` with the step inside the dict ("step"),
`log_samples(input_tokens, output_tokens, rewards, advantages, rollouts_per_problem, step)` (token ids:
decoded with `tokenizer` when given one, else shown as token counts), `log_distributions(...)`,
`log_final_samples()`, `log_final_distributions()`, `save_final_summary(...)` and `history`; plus
`log_metrics(metrics, step)` and `log_episodes(episodes, step)` (dicts with task/example_id, prompt,
completion, reward) for callers that have text. Samples of one problem form one GRPO group.
Keys are kept; added: train/reward_mean (reward/mean), train/truncation_rate (rollout/truncated_rate or
is_truncated/mean) and train/mixed_group_ratio from {prefix}/solve_all|none|partial.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

from ..client import Client
from ..run import Run
from ._context import open_run
from ._series import with_training_series

__all__ = ["HarnessLabMonitor"]


class HarnessLabMonitor:
    def __init__(self, experiment: Optional[str] = None, run: Optional[str] = None, *, client: Optional[Client] = None,
                 tokenizer: Any = None, config: Any = None):
        self._experiment = experiment
        self._run_name = run
        self._client = client
        self._config = config
        self.tokenizer = tokenizer
        self.run: Optional[Run] = None
        self._history: List[Dict[str, Any]] = []
        self._last_step = 0

    @property
    def history(self) -> List[Dict[str, Any]]:
        return self._history

    def _ensure_run(self) -> Run:
        if self.run is None:
            self.run = open_run(self._experiment, self._run_name, client=self._client, config=self._config)
        return self.run

    def log(self, metrics: Mapping[str, Any]) -> None:
        self._history.append(dict(metrics))
        step = metrics.get("step", self._last_step)
        self.log_metrics(metrics, int(step))

    def log_metrics(self, metrics: Mapping[str, Any], step: Optional[int] = None) -> None:
        step = int(metrics.get("step", self._last_step) if step is None else step)
        self._last_step = step
        values = with_training_series({k: v for k, v in metrics.items() if k != "step"})
        if values:
            self._ensure_run().log_metrics(step, values)

    def _text(self, tokens: Sequence[int]) -> str:
        if self.tokenizer is not None:
            return str(self.tokenizer.decode(list(tokens)))
        return f"<{len(tokens)} tokens>"

    def log_samples(self, input_tokens: Sequence[Sequence[int]], output_tokens: Sequence[Sequence[int]], rewards: Sequence[float],
                    advantages: Sequence[float], rollouts_per_problem: int, step: int) -> None:
        run = self._ensure_run()
        per = max(1, int(rollouts_per_problem))
        for i, (prompt, completion, reward) in enumerate(zip(input_tokens, output_tokens, rewards)):
            run.log_rollout(step=int(step), task=f"problem-{i // per}", sample=i % per, reward=float(reward),
                            turns=[{"role": "user", "content": self._text(prompt), "tokens": len(prompt)},
                                   {"role": "assistant", "content": self._text(completion), "tokens": len(completion)}],
                            metadata={"advantage": float(advantages[i])} if i < len(advantages) else None)

    def log_episodes(self, episodes: Iterable[Mapping[str, Any]], step: int) -> None:
        run = self._ensure_run()
        counts: Dict[str, int] = {}
        for episode in episodes:
            task = str(episode.get("task") or episode.get("example_id") or episode.get("problem_id") or "task")
            sample = counts.get(task, 0)
            counts[task] = sample + 1
            prompt = episode.get("prompt")
            completion = episode.get("completion")
            turns = [dict(m) for m in prompt] if isinstance(prompt, list) else [{"role": "user", "content": str(prompt or "")}]
            turns += [dict(m) for m in completion] if isinstance(completion, list) else [{"role": "assistant", "content": str(completion or "")}]
            reward = episode.get("reward")
            run.log_rollout(step=int(step), task=task, sample=int(episode.get("sample", sample)),
                            reward=None if reward is None else float(reward), turns=turns,
                            truncated=bool(episode.get("is_truncated", False)) or None)

    def log_distributions(self, distributions: Mapping[str, Sequence[float]], step: int) -> None:
        return None

    def log_final_samples(self) -> None:
        return None

    def log_final_distributions(self) -> None:
        return None

    def save_final_summary(self, filename: str = "final_summary.json") -> None:
        if self.run is not None:
            self.run.finish()
            self.run.client.flush(timeout=self.run.client.close_timeout)
