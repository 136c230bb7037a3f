// Rollouts as events, each with every turn (content, reasoning, action, observation, raw, …) and every hook
// message in the order they were sent. Streams: one rollout's rows are in memory at a time, however many
// the experiment holds. Ordered by (created_at, id), the walk of the browser's default index, so the copy's
// rollouts arrive in the order the original received them.
import "server-only";
import type Database from "better-sqlite3";
import type { EventInput } from "./event-types";
import { flag, opt, parsed, rowsOf, type Row } from "./rows";

type Rollout = EventInput<"rollout">;
type Turn = Rollout["turns"][number];
type Hook = NonNullable<Turn["hooks"]>[number];

export function* rolloutEvents(sqlite: Database.Database, experiment: string): Generator<Rollout> {
  const turns = sqlite.prepare("SELECT * FROM turns WHERE rollout_id = ? ORDER BY idx");
  const hooks = sqlite.prepare("SELECT turn_idx, position, hook, effect, message FROM hook_events WHERE rollout_id = ? ORDER BY turn_idx, seq");
  for (const r of rowsOf(sqlite, "SELECT * FROM rollouts WHERE experiment_id = ? ORDER BY created_at, id", experiment)) {
    const id = r.id as string;
    const hooksByTurn = new Map<number, Hook[]>();
    for (const h of hooks.iterate(id) as Iterable<Row>) {
      const list = hooksByTurn.get(h.turn_idx as number) ?? [];
      list.push({ position: h.position as Hook["position"], hook: opt(h.hook as string | null), effect: opt(h.effect as Hook["effect"] | null), message: opt(h.message as string | null) });
      hooksByTurn.set(h.turn_idx as number, list);
    }
    yield {
      type: "rollout", id, experiment, run: r.run_id as string, task: r.task_id as string,
      harness_version: opt(r.harness_version_id as string | null), checkpoint: opt(r.checkpoint_id as string | null),
      purpose: r.purpose as Rollout["purpose"], epoch: opt(r.epoch as number | null), step: opt(r.step as number | null),
      group: opt(r.group_id as string | null), sample_index: opt(r.sample_index as number | null),
      // A verdict joined later (rollouts.outcome_eval_run_id) is not part of the rollout as sent: the copy gets the
      // rollout with its outcome unknown and the joining eval result, and joins them again.
      reward: r.outcome_eval_run_id ? null : (r.reward as number | null), success: r.outcome_eval_run_id ? false : flag(r.success), exit_status: opt(r.exit_status as string | null),
      truncated: flag(r.truncated), truncation_kind: opt(r.truncation_kind as Rollout["truncation_kind"] | null),
      tokens: tokensOf(r), cost_usd: opt(r.cost_usd as number | null), duration_ms: opt(r.duration_ms as number | null),
      submission: opt(r.submission as string | null), source_format: r.source_format as string,
      source_file: opt(r.source_file_id as string | null), metadata: parsed(r.metadata), started_at: opt(r.started_at as number | null),
      turns: (turns.all(id) as Row[]).map((t) => turnOf(t, hooksByTurn.get(t.idx as number) ?? [])),
    };
  }
}

/** Prompt and completion tokens as sent; an object with neither is left out (the applier stores both as NULL then). */
function tokensOf(r: Row): Rollout["tokens"] {
  const prompt = opt(r.prompt_tokens as number | null);
  const completion = opt(r.completion_tokens as number | null);
  return prompt === undefined && completion === undefined ? undefined : { prompt, completion };
}

function turnOf(t: Row, hooks: Hook[]): Turn {
  return {
    role: t.role as Turn["role"], content: t.content as string, reasoning: opt(t.reasoning as string | null),
    action: parsed(t.action), observation: opt(t.observation as string | null), return_code: opt(t.return_code as number | null),
    format_error: flag(t.format_error), tokens: opt(t.tokens as number | null), hooks,
    // The producer's raw turn may itself be JSON null, stored as the text "null"; only a NULL column means "none sent".
    raw: t.raw === null ? undefined : JSON.parse(t.raw as string),
  };
}
