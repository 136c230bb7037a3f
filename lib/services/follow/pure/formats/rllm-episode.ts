// rllm's Episode (rllm/agents/agent.py Episode.to_dict), as its episode JSON files and its UI logger
// (rllm/utils/tracking.py UILogger.log → POST /api/episodes) carry it: {"id": "<task_id>:<rollout_idx>",
// "task", "is_correct", "termination_reason", "trajectories": [{"name", "reward", "steps": [{"chat_completions",
// "observation", "thought", "action", "model_response", "reward", "done"}]}], "metrics", "info"}; the UI body
// adds "session_id", "step" and renames "id" to "episode_id"; `rllm eval --save-episodes` writes one per file,
// <run_dir>/episodes/episode_{idx:06d}_{task_id}.json (rllm/eval/episode_store.py, Episode.model_dump + "eval_idx").
// rllm's trainer writes its own layout (rllm/utils/episode_logger.py EpisodeLogger.log_episode): one file per
// episode, <episode_log_dir>/episodes/{mode}_step_{N}_epoch_{E}/episode_hash<task hash>_id<episode id>.json with
// "training_step", "epoch", "episode_id" and per-trajectory "reward"; mode "train" or "val" (the path's prefix).
// The task id groups the rollouts of one step.
import { sourceRolloutId, type FollowRun } from "../follow-ids";
import { asStep } from "../trainer-metrics";
import { isObject, stepFromPath } from "./types";

export type EpisodeResult = { events: Record<string, unknown>[] } | { problem: string; path: string };

const ROLES = new Set(["system", "user", "assistant", "tool", "environment"]);

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  return JSON.stringify(value);
}

/** Turns of an rllm episode: the last step's chat history when it has one, else observation/response pairs. */
function episodeTurns(trajectories: unknown[]): Array<{ role: string; content: string }> {
  const turns: Array<{ role: string; content: string }> = [];
  for (const trajectory of trajectories) {
    if (!isObject(trajectory) || !Array.isArray(trajectory.steps)) continue;
    const steps = trajectory.steps.filter(isObject);
    const last = steps[steps.length - 1];
    if (last && Array.isArray(last.chat_completions) && last.chat_completions.length > 0) {
      for (const m of last.chat_completions) {
        if (isObject(m)) turns.push({ role: ROLES.has(String(m.role)) ? String(m.role) : "environment", content: text(m.content) });
      }
      continue;
    }
    for (const s of steps) {
      if (s.observation !== undefined && s.observation !== null) turns.push({ role: "user", content: text(s.observation) });
      const said = s.model_response ?? s.action;
      if (said !== undefined && said !== null) turns.push({ role: "assistant", content: text(said) });
    }
  }
  return turns;
}

/** EpisodeLogger's step folder, {mode}_step_{N}_epoch_{E}, when the path has one. */
export function episodeLoggerDir(relPath: string): { mode: string; step: number; epoch: number } | null {
  const match = /(?:^|\/)([a-z]+)_step_(\d+)_epoch_(\d+)\//.exec(relPath);
  return match ? { mode: match[1]!, step: Number(match[2]), epoch: Number(match[3]) } : null;
}

/** Task and rollout events of one episode. `where` names the source (file:line, or the request). */
export function rllmEpisodeEvents(
  run: FollowRun,
  episode: unknown,
  options: { step?: number | null; relPath?: string; line?: number; purpose?: "train" | "eval"; benchmark?: string },
): EpisodeResult {
  if (!isObject(episode)) return { problem: "an episode must be a JSON object", path: "" };
  const idField = episode.episode_id !== undefined ? "episode_id" : "id";
  const id = episode[idField];
  if (typeof id !== "string" || id.length === 0) return { problem: "must be the episode id \"<task_id>:<rollout_idx>\"", path: idField };
  if (!Array.isArray(episode.trajectories)) return { problem: "must be a list of trajectories", path: "trajectories" };
  const logged = options.relPath ? episodeLoggerDir(options.relPath) : null;
  const step = options.step
    ?? (episode.step !== undefined ? asStep(episode.step) : null)
    ?? (episode.training_step !== undefined ? asStep(episode.training_step) : null)
    ?? logged?.step
    ?? (options.relPath ? stepFromPath(options.relPath) : null);
  const epoch = episode.epoch !== undefined ? asStep(episode.epoch) : logged?.epoch ?? null;
  if (step === null) return { problem: "must be a non-negative integer (the training step)", path: "step" };
  const split = id.lastIndexOf(":");
  const taskField = isObject(episode.task) && (typeof episode.task.id === "string" || typeof episode.task.id === "number") ? String(episode.task.id) : null;
  const taskKey = taskField ?? (split > 0 ? id.slice(0, split) : id);
  const sample = split > 0 ? Number(id.slice(split + 1)) : NaN;
  let reward: number | null = null;
  for (const [i, t] of episode.trajectories.entries()) {
    if (!isObject(t)) return { problem: "must be an object", path: `trajectories.${i}` };
    if (t.reward !== undefined && t.reward !== null) {
      if (typeof t.reward !== "number" || !Number.isFinite(t.reward)) return { problem: "must be a number", path: `trajectories.${i}.reward` };
      reward = (reward ?? 0) + t.reward;
    }
  }
  if (episode.is_correct !== undefined && typeof episode.is_correct !== "boolean") return { problem: "must be true or false", path: "is_correct" };
  const turns = episodeTurns(episode.trajectories);
  const benchmark = options.benchmark ?? "rllm";
  const taskId = `${benchmark}:${taskKey}`.slice(0, 256);
  const title = isObject(episode.task) ? text(episode.task.question ?? episode.task.problem ?? episode.task.instruction ?? taskKey) : text(episode.task ?? taskKey);
  const termination = typeof episode.termination_reason === "string" ? episode.termination_reason : undefined;
  const truncated = termination !== undefined && /max_prompt_length|max_response_length|truncat|token/i.test(termination);
  const rollout: Record<string, unknown> = {
    type: "rollout",
    id: options.relPath !== undefined ? sourceRolloutId(run, options.relPath, options.line ?? 1) : `${run.run}:episode:${step}:${id}`.slice(0, 256),
    experiment: run.experiment,
    run: run.run,
    task: taskId,
    purpose: options.purpose ?? (logged?.mode === "val" ? "eval" : "train"),
    ...(epoch !== null ? { epoch } : {}),
    step,
    group: `step${step}:${taskId}`.slice(0, 256),
    reward,
    success: typeof episode.is_correct === "boolean" ? episode.is_correct : reward !== null && reward > 0,
    truncated,
    source_format: "rllm",
    metadata: { episode: id, ...(termination ? { termination_reason: termination } : {}), ...(isObject(episode.metrics) ? { metrics: episode.metrics } : {}) },
    turns: turns.length > 0 ? turns : [{ role: "environment", content: "(episode without steps)" }],
  };
  if (Number.isInteger(sample) && sample >= 0) rollout.sample_index = sample;
  if (truncated) rollout.truncation_kind = "tokens";
  if (termination) rollout.exit_status = termination.slice(0, 1000);
  const task = { type: "task", id: taskId, key: taskId, benchmark, title: (title || taskKey).replace(/\s+/g, " ").trim().slice(0, 120) || taskId };
  return { events: [task, rollout] };
}
