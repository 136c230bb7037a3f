// Rollouts of the bench's size (30 turns of ~1 KB each), the same bytes for the HTTP path and the raw insert.
import type { HarnessLabEventInput } from "../../lib/events/contract";

const WORDS = "the agent runs the failing test then opens the file and edits the loop bound before it submits a patch".split(" ");

/** ~`bytes` of plausible text; deterministic so every run of the bench stores the same bytes. */
function text(seed: number, bytes: number): string {
  let out = "";
  for (let i = 0; out.length < bytes; i++) out += `${WORDS[(seed * 31 + i * 7) % WORDS.length]} `;
  return out.slice(0, bytes);
}

export function benchSetupEvents(prefix: string): HarnessLabEventInput[] {
  return [
    { type: "experiment", id: `${prefix}-exp`, name: `bench ${prefix}`, method: "grpo" },
    { type: "run", id: `${prefix}-run`, experiment: `${prefix}-exp`, kind: "train", status: "running" },
    ...Array.from({ length: 16 }, (_, t) => ({ type: "task" as const, id: `${prefix}-task-${t}`, key: `${prefix}-task-${t}`, benchmark: "bench" })),
  ];
}

export function benchRollout(prefix: string, i: number, turns = 30, turnBytes = 1000): Extract<HarnessLabEventInput, { type: "rollout" }> {
  return {
    type: "rollout",
    id: `${prefix}-rollout-${i}`,
    experiment: `${prefix}-exp`,
    run: `${prefix}-run`,
    task: `${prefix}-task-${i % 16}`,
    purpose: "train",
    step: Math.floor(i / 64),
    group: `${prefix}-g-${Math.floor(i / 4)}`,
    sample_index: i % 4,
    reward: i % 3 === 0 ? 1 : 0,
    success: i % 3 === 0,
    truncated: false,
    turns: Array.from({ length: turns }, (_, t) => ({
      role: t % 2 === 0 ? ("assistant" as const) : ("tool" as const),
      content: text(i + t, Math.floor(turnBytes * 0.6)),
      observation: text(i * 3 + t, Math.floor(turnBytes * 0.4)),
      return_code: 0,
      hooks: t === 5 ? [{ position: "post_feedback" as const, hook: "stall_detector", message: "no progress" }] : [],
    })),
  };
}
