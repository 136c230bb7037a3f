// The choices the browser's filter bar offers. Each list comes from a small table or an index, never from a
// scan of the rollouts: the runs, harness versions and checkpoints of the chosen experiment, the benchmarks
// of the tasks, and the exit statuses seen among the latest rollouts (suggestions; any value may be typed).
import "server-only";
import type { Store } from "../client";

export interface Option {
  id: string;
  label: string;
}

export interface BrowserOptions {
  experiments: Option[];
  /** Empty until an experiment is chosen: runs, versions and checkpoints belong to one. */
  runs: Option[];
  harnessVersions: Option[];
  checkpoints: Option[];
  benchmarks: string[];
  exitStatuses: string[];
}

/** How many of the latest rollouts the exit-status suggestions come from. */
export const EXIT_STATUS_SAMPLE = 5_000;

export function listBrowserOptions(store: Store, experimentId: string | undefined): BrowserOptions {
  const s = store.sqlite;
  const experiments = s.prepare("SELECT id, name AS label FROM experiments ORDER BY name, id").all() as Option[];
  const scoped = experimentId !== undefined && experiments.some((e) => e.id === experimentId);
  const runs = scoped
    ? (s.prepare("SELECT id, COALESCE(name, id) || ' (' || kind || ')' AS label FROM runs WHERE experiment_id = ? ORDER BY created_at, id").all(experimentId) as Option[])
    : [];
  const harnessVersions = scoped
    ? (s.prepare("SELECT id, label FROM harness_versions WHERE experiment_id = ? ORDER BY created_at, label").all(experimentId) as Option[])
    : [];
  const checkpoints = scoped
    ? (s.prepare(
      `SELECT id, COALESCE(name, model, id) || CASE WHEN step IS NULL THEN '' ELSE ' (step ' || step || ')' END AS label
         FROM checkpoints WHERE experiment_id = ? ORDER BY step, id`,
    ).all(experimentId) as Option[])
    : [];
  // Distinct benchmarks by hopping through tasks_benchmark_key: one seek per benchmark, however many tasks.
  const benchmarks = s.prepare(
    `WITH RECURSIVE b(name) AS (
       SELECT min(benchmark) FROM tasks
       UNION ALL SELECT (SELECT min(benchmark) FROM tasks WHERE benchmark > b.name) FROM b WHERE b.name IS NOT NULL
     ) SELECT name FROM b WHERE name IS NOT NULL`,
  ).pluck().all() as string[];
  const exitStatuses = (scoped
    ? s.prepare(
      `SELECT DISTINCT exit_status FROM (SELECT exit_status FROM rollouts INDEXED BY rollouts_browse_created
         WHERE experiment_id = ? ORDER BY created_at DESC LIMIT ${EXIT_STATUS_SAMPLE}) WHERE exit_status IS NOT NULL ORDER BY 1`,
    ).pluck().all(experimentId)
    : s.prepare(
      `SELECT DISTINCT exit_status FROM (SELECT exit_status FROM rollouts INDEXED BY rollouts_created
         ORDER BY created_at DESC LIMIT ${EXIT_STATUS_SAMPLE}) WHERE exit_status IS NOT NULL ORDER BY 1`,
    ).pluck().all()) as string[];
  return { experiments, runs, harnessVersions, checkpoints, benchmarks, exitStatuses };
}
