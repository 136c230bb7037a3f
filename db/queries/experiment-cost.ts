// What an experiment spent (issue 6, part 4): its rollouts summed per (run, purpose) — counts, tokens, USD,
// turns and duration, each reported quantity with the number of rollouts that reported it — and its calls
// to the teachers and the engineer. One grouped scan of the experiment's rollouts, which SQLite answers from
// the covering index rollouts_browse_created without reading a row.
import "server-only";
import type { Store } from "../client";
import type { CostAggregate, RunInfo } from "../../lib/cost/cost-summary";
import type { CallCounts } from "../../lib/cost/model-calls";
import type { ExperimentMethod, RolloutPurpose } from "../../lib/domain/vocabulary";

export interface ExperimentCostData {
  experiment: { id: string; name: string; method: ExperimentMethod };
  runs: RunInfo[];
  aggregates: CostAggregate[];
  calls: CallCounts;
}

interface AggregateRow {
  runId: string;
  purpose: RolloutPurpose;
  rollouts: number;
  promptReported: number;
  promptSum: number;
  completionReported: number;
  completionSum: number;
  costReported: number;
  costSum: number;
  turns: number;
  durationReported: number;
  durationSum: number;
}

// total() is 0.0 over no values where sum() is NULL; count(x) counts the non-null values: the "reported by".
const AGGREGATES_SQL = `
SELECT run_id AS runId, purpose, count(*) AS rollouts,
  count(prompt_tokens) AS promptReported, total(prompt_tokens) AS promptSum,
  count(completion_tokens) AS completionReported, total(completion_tokens) AS completionSum,
  count(cost_usd) AS costReported, total(cost_usd) AS costSum,
  total(num_turns) AS turns,
  count(duration_ms) AS durationReported, total(duration_ms) AS durationSum
FROM rollouts WHERE experiment_id = ? GROUP BY run_id, purpose`;

const CALLS_SQL = `
SELECT
  (SELECT count(*) FROM proposals WHERE experiment_id = @id AND kind = 'tool_hook') AS teacherProposals,
  (SELECT count(*) FROM skills WHERE experiment_id = @id) AS teacherSkills,
  (SELECT count(*) FROM patch_evaluations WHERE experiment_id = @id) AS engineerPatches,
  (SELECT count(*) FROM failure_packets WHERE experiment_id = @id) AS failurePackets`;

export function getExperimentCost(store: Store, experimentId: string): ExperimentCostData | null {
  const db = store.sqlite;
  const experiment = db.prepare("SELECT id, name, method FROM experiments WHERE id = ?").get(experimentId) as ExperimentCostData["experiment"] | undefined;
  if (!experiment) return null;
  const runs = db
    .prepare("SELECT id, name, kind, status FROM runs WHERE experiment_id = ? ORDER BY coalesce(started_at, created_at), created_at, rowid")
    .all(experimentId) as RunInfo[];
  const aggregates = (db.prepare(AGGREGATES_SQL).all(experimentId) as AggregateRow[]).map((r) => ({
    runId: r.runId,
    purpose: r.purpose,
    rollouts: r.rollouts,
    promptTokens: { reported: r.promptReported, sum: r.promptSum },
    completionTokens: { reported: r.completionReported, sum: r.completionSum },
    costUsd: { reported: r.costReported, sum: r.costSum },
    turns: r.turns,
    durationMs: { reported: r.durationReported, sum: r.durationSum },
  }));
  const calls = db.prepare(CALLS_SQL).get({ id: experimentId }) as CallCounts;
  return { experiment, runs, aggregates, calls };
}

/** Every experiment, for the side-by-side picker: name order. */
export function listExperimentChoices(store: Store): Array<{ id: string; name: string; method: ExperimentMethod }> {
  return store.sqlite.prepare("SELECT id, name, method FROM experiments ORDER BY name, id").all() as Array<{ id: string; name: string; method: ExperimentMethod }>;
}
