// The unfinished runs ("pending" or "running") with what tells whether they are still alive: their job's
// status and their newest activity (the run's own last update, its newest rollout, its newest metric point).
// Rows only; lib/domain/run-staleness.ts decides which are stale. The newest rollout and metric point are found
// by max(rowid) over the (run_id, …) indexes, so this stays cheap however many rollouts a run holds.
import "server-only";
import type { Store } from "../client";
import { runLiveness, runStaleAfterMs, staleRunText, type RunActivity } from "../../lib/domain/run-staleness";

export interface UnfinishedRunRow extends RunActivity {
  runId: string;
  experimentId: string;
}

const SQL = `
SELECT r.id AS runId, r.experiment_id AS experimentId, r.status, j.status AS jobStatus,
  max(r.updated_at, coalesce(r.started_at, 0),
      coalesce((SELECT created_at FROM rollouts WHERE rowid = (SELECT max(rowid) FROM rollouts WHERE run_id = r.id)), 0),
      coalesce((SELECT time FROM metric_points WHERE rowid = (SELECT max(rowid) FROM metric_points WHERE run_id = r.id)), 0)) AS lastActivityAt
FROM runs r LEFT JOIN jobs j ON j.id = r.job_id
WHERE r.status IN ('pending', 'running') AND (@experimentId IS NULL OR r.experiment_id = @experimentId)`;

export function listUnfinishedRuns(store: Store, experimentId: string | null = null): UnfinishedRunRow[] {
  return store.sqlite.prepare(SQL).all({ experimentId }) as UnfinishedRunRow[];
}

export interface StaleRun {
  experimentId: string;
  silentForMs: number;
  /** "running · no heartbeat for 3 h". */
  text: string;
}

/** The stale runs (lib/domain/run-staleness.ts) by run id, now, with the configured threshold. */
export function staleRuns(store: Store, experimentId: string | null = null, now: number = Date.now(), staleAfterMs = runStaleAfterMs(process.env)): Map<string, StaleRun> {
  const out = new Map<string, StaleRun>();
  for (const row of listUnfinishedRuns(store, experimentId)) {
    const live = runLiveness(row, now, staleAfterMs);
    if (live.state === "stale") out.set(row.runId, { experimentId: row.experimentId, silentForMs: live.silentForMs, text: staleRunText(row.status, live.silentForMs) });
  }
  return out;
}
