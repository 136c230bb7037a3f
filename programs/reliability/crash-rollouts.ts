// The rollouts the crash-safety run sends, and what each must look like afterwards. Deterministic from
// (producer, index), so the audit knows every rollout's turns without keeping what was sent. Sizes vary
// (1–12 turns, every 7th rollout with a 30 KB observation) so a kill can land inside a long transaction.
import { createHash } from "node:crypto";
import type { HarnessLabEventInput } from "../../lib/events/contract";

export const CRASH_PREFIX = "crash";
export const CRASH_EXPERIMENT = `${CRASH_PREFIX}-exp`;
export const CRASH_RUN = `${CRASH_PREFIX}-run`;
const TASKS = 32;

type RolloutEvent = Extract<HarnessLabEventInput, { type: "rollout" }>;

export function crashSetupEvents(): HarnessLabEventInput[] {
  return [
    { type: "experiment", id: CRASH_EXPERIMENT, name: "crash safety", method: "grpo" },
    { type: "run", id: CRASH_RUN, experiment: CRASH_EXPERIMENT, kind: "train", status: "running" },
    ...Array.from({ length: TASKS }, (_, t) => ({ type: "task" as const, id: `${CRASH_PREFIX}-task-${t}`, key: `${CRASH_PREFIX}-task-${t}`, benchmark: "crash" })),
  ];
}

export function crashRolloutId(producer: number, index: number): string {
  return `${CRASH_PREFIX}-p${producer}-r${index}`;
}

function turnCount(producer: number, index: number): number {
  return 1 + ((producer * 7919 + index * 104729) % 12);
}

function turnText(producer: number, index: number, turn: number, kind: "content" | "observation"): string {
  const base = `${kind} of producer ${producer} rollout ${index} turn ${turn}: the agent edits the loop bound and reruns the test. `;
  if (kind === "observation" && index % 7 === 0 && turn === 0) return base.repeat(Math.ceil(30_000 / base.length));
  return base.repeat(1 + (turn % 4));
}

export function crashRollout(producer: number, index: number): RolloutEvent {
  const turns = turnCount(producer, index);
  return {
    type: "rollout",
    id: crashRolloutId(producer, index),
    experiment: CRASH_EXPERIMENT,
    run: CRASH_RUN,
    task: `${CRASH_PREFIX}-task-${index % TASKS}`,
    purpose: "train",
    step: Math.floor(index / 64),
    group: `${CRASH_PREFIX}-p${producer}-g${Math.floor(index / 8)}`,
    sample_index: index % 8,
    reward: index % 3 === 0 ? 1 : 0,
    success: index % 3 === 0,
    turns: Array.from({ length: turns }, (_, t) => ({
      role: t % 2 === 0 ? ("assistant" as const) : ("tool" as const),
      content: turnText(producer, index, t, "content"),
      observation: turnText(producer, index, t, "observation"),
      return_code: t % 5,
      hooks: t === turns - 1 ? [{ position: "post_feedback" as const, hook: "stall_detector", message: `checked ${index}` }] : [],
    })),
  };
}

/** What a complete rollout must hold: its turn count, hook count and a hash over every turn's text. */
export interface ExpectedRollout {
  turns: number;
  hooks: number;
  digest: string;
}

export function turnsDigest(turns: Iterable<{ idx: number; content: string; observation: string | null }>): string {
  const hash = createHash("sha256");
  for (const turn of turns) hash.update(`${turn.idx}\u0000${turn.content}\u0000${turn.observation ?? ""}\u0001`);
  return hash.digest("hex");
}

export function expectedRollout(producer: number, index: number): ExpectedRollout {
  const rollout = crashRollout(producer, index);
  return {
    turns: rollout.turns.length,
    hooks: rollout.turns.reduce((n, t) => n + (t.hooks?.length ?? 0), 0),
    digest: turnsDigest(rollout.turns.map((t, idx) => ({ idx, content: t.content ?? "", observation: t.observation ?? null }))),
  };
}
