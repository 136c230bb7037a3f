// Evaluation and Harness-R1 records as events: eval results with every per-task result, failure packets with
// their rollouts, patch evaluations.
import "server-only";
import type Database from "better-sqlite3";
import type { EventInput } from "./event-types";
import { flag, opt, parsed, rowsOf } from "./rows";
import { JOIN_ATTEMPT_KEY } from "../../events/evaluation-events";

export function* evalResultEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"eval_result">> {
  const results = sqlite.prepare("SELECT task_id, success, reward, rollout_id, details FROM eval_results WHERE eval_run_id = ? ORDER BY rowid");
  for (const e of rowsOf(sqlite, "SELECT * FROM eval_runs WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "eval_result", id: e.id as string, experiment, run: opt(e.run_id as string | null), checkpoint: opt(e.checkpoint_id as string | null),
      harness_version: opt(e.harness_version_id as string | null), benchmark: e.benchmark as string, repeat: e.repeat_index as number,
      results: (results.all(e.id) as Array<Record<string, unknown>>).map((r) => ({
        task: r.task_id as string, success: flag(r.success), reward: opt(r.reward as number | null),
        // A joining eval result names no rollout: the store links the one it joins (db/apply/verdict-join.ts).
        rollout: e.joins_rollouts ? undefined : opt(r.rollout_id as string | null),
        ...detailsAndAttempt(parsed(r.details), flag(e.joins_rollouts)),
      })),
      reported: parsed<Record<string, number>>(e.reported),
      ...(e.joins_rollouts ? { join_rollouts: true } : {}),
    };
  }
}

/** A joining result's attempt is stored inside its details (JOIN_ATTEMPT_KEY): given back as the event's `attempt`. */
function detailsAndAttempt(details: Record<string, unknown> | undefined, joins: boolean): { details?: Record<string, unknown>; attempt?: string } {
  if (!joins || details === undefined || typeof details[JOIN_ATTEMPT_KEY] !== "string") return { details };
  const { [JOIN_ATTEMPT_KEY]: attempt, ...rest } = details;
  return { attempt: attempt as string, ...(Object.keys(rest).length > 0 ? { details: rest } : {}) };
}

export function* failurePacketEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"failure_packet">> {
  const rollouts = sqlite.prepare("SELECT rollout_id FROM failure_packet_rollouts WHERE failure_packet_id = ? ORDER BY rowid").pluck();
  for (const f of rowsOf(sqlite, "SELECT * FROM failure_packets WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "failure_packet", id: f.id as string, experiment, run: opt(f.run_id as string | null),
      target_checkpoint: opt(f.target_checkpoint_id as string | null), benchmark: opt(f.benchmark as string | null),
      text: opt(f.text as string | null), rollouts: rollouts.all(f.id) as string[],
    };
  }
}

export function* patchEvaluationEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"patch_evaluation">> {
  for (const p of rowsOf(sqlite, "SELECT * FROM patch_evaluations WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "patch_evaluation", id: p.id as string, experiment, failure_packet: p.failure_packet_id as string,
      proposal: opt(p.proposal_id as string | null), patch_index: opt(p.patch_index as number | null),
      target_model: opt(p.target_model as string | null), benchmark: opt(p.benchmark as string | null),
      valid: flag(p.valid), complete: flag(p.complete), baseline_success: opt(p.baseline_success as number | null),
      patched_success: opt(p.patched_success as number | null), reward: opt(p.reward as number | null),
      hook_positions: parsed<EventInput<"patch_evaluation">["hook_positions"]>(p.hook_positions),
    };
  }
}
