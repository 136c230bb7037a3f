// The shape most trainers' sample dumps share: a prompt, a response, a reward, at a step. It becomes a
// task (the prompt) and a rollout (the response) whose group is the prompt at that step, so samples of
// the same prompt form a GRPO group and the trainable-rate and group pages work for them.
import { promptTaskId, sourceRolloutId, type FollowRun } from "./follow-ids";

export interface PromptSample {
  step: number;
  purpose: "train" | "eval";
  benchmark: string;
  prompt: string;
  /** The completion as one assistant turn, or the full conversation after the prompt. */
  response: string | Array<{ role: string; content: string }>;
  reward: number | null;
  /** Defaults to reward > 0. */
  success?: boolean;
  truncated?: boolean;
  sourceFormat: string;
  metadata?: Record<string, unknown>;
  /** Producer's task id, when the format has one; otherwise the prompt's hash. */
  taskKey?: string;
  sampleIndex: number;
}

const ROLES = new Set(["system", "user", "assistant", "tool", "environment"]);

function turn(role: string, content: string) {
  return { role: ROLES.has(role) ? role : "environment", content };
}

/** Task and rollout events for one sample; the rollout id comes from where it was read. */
export function promptSampleEvents(run: FollowRun, source: { relPath: string; line: number }, sample: PromptSample): Record<string, unknown>[] {
  const taskId = sample.taskKey ? `${sample.benchmark.slice(0, 120)}:${sample.taskKey.slice(0, 120)}` : promptTaskId(sample.benchmark, sample.prompt);
  const title = sample.prompt.replace(/\s+/g, " ").trim().slice(0, 120) || taskId;
  const task = { type: "task", id: taskId, key: taskId, benchmark: sample.benchmark, title };
  const responseTurns = typeof sample.response === "string"
    ? [turn("assistant", sample.response)]
    : sample.response.map((m) => turn(m.role, m.content));
  const rollout: Record<string, unknown> = {
    type: "rollout",
    id: sourceRolloutId(run, source.relPath, source.line),
    experiment: run.experiment,
    run: run.run,
    task: taskId,
    purpose: sample.purpose,
    step: sample.step,
    group: `step${sample.step}:${taskId}`.slice(0, 256),
    sample_index: sample.sampleIndex,
    reward: sample.reward,
    success: sample.success ?? (sample.reward !== null && sample.reward > 0),
    truncated: sample.truncated ?? false,
    source_format: sample.sourceFormat,
    metadata: { source: `${source.relPath}:${source.line}`, ...(sample.metadata ?? {}) },
    turns: [turn("user", sample.prompt), ...responseTurns],
  };
  if (rollout.truncated) rollout.truncation_kind = "tokens";
  return [task, rollout];
}

/** A reward that may be per-token (a list, summed as SkyRL does) or missing. */
export function scalarReward(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    const sum = (value as number[]).reduce((a, b) => a + b, 0);
    return Number.isFinite(sum) ? sum : null;
  }
  return null;
}

/** Text of a prompt given as a string or as chat messages. */
export function promptText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const parts = value.map((m) => (m && typeof m === "object" && typeof (m as { content?: unknown }).content === "string" ? `${(m as { role?: string }).role ?? "user"}: ${(m as { content: string }).content}` : null));
    return parts.every((p) => p !== null) ? parts.join("\n") : null;
  }
  return null;
}
