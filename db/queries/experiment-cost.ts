// What an experiment spent (issue 6, part 4): its rollouts summed per (run, purpose) — counts, tokens, USD,
// turns and duration, each reported quantity with the number of rollouts that reported it (from the kept
// totals of rollout-totals.ts) — and its calls to the teachers and the engineer.
import "server-only";
import type { Store } from "../client";
import type { CostAggregate, RunInfo } from "../../lib/cost/cost-summary";
import type { CallCounts } from "../../lib/cost/model-calls";
import type { ExperimentMethod } from "../../lib/domain/vocabulary";
import { getRolloutTotals, TOTAL_FIELDS, type RolloutTotals } from "./rollout-totals";
import { staleRuns } from "./run-activity";

export interface ExperimentCostData {
  experiment: { id: string; name: string; method: ExperimentMethod };
  runs: RunInfo[];
  aggregates: CostAggregate[];
  calls: CallCounts;
}

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
  // A run that says running but went silent without a live job is shown as stale (lib/domain/run-staleness.ts).
  const stale = staleRuns(store, experimentId);
  for (const run of runs) {
    const s = stale.get(run.id);
    if (s) Object.assign(run, { status: "stale", staleText: s.text });
  }
  const byRunPurpose = new Map<string, RolloutTotals>();
  for (const r of getRolloutTotals(store, experimentId)) {
    const key = `${r.runId}\u0000${r.purpose}`;
    const sum = byRunPurpose.get(key);
    if (!sum) byRunPurpose.set(key, r);
    else for (const f of TOTAL_FIELDS) sum[f] += r[f];
  }
  const aggregates = [...byRunPurpose.values()].map((r) => ({
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
