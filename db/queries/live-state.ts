// What a live page asks every second or two: has anything it shows changed, and is anything still running?
// One answer per scope (a run, an experiment, the whole lab): a version string that changes whenever the scope
// gains rollouts, metric points, proposals, checkpoints or evaluation results, or a run or job in it changes
// state, and whether the scope is live (an unfinished, not stale run or an active job). Ten open tabs ask the
// same question: the answer is kept per scope until the store changes, which SQLite says for a price of nothing
// (PRAGMA data_version moves when another connection — the writer thread — commits; total_changes() when this
// one does), so an unchanged store costs a tab one pragma and a map lookup. Every value is read by max(rowid)
// over an index or from small tables: the cost does not grow with the rollouts a run holds. Server only.
import "server-only";
import { createHash } from "node:crypto";
import type { Store } from "../client";
import { runLiveness, runStaleAfterMs, type RunActivity } from "../../lib/domain/run-staleness";

export type LiveScope = { kind: "run"; id: string } | { kind: "experiment"; id: string } | { kind: "lab" };

export interface LiveState {
  /** Changes whenever anything the scope's pages show may have changed. */
  version: string;
  /** True while a run of the scope is unfinished (and not stale) or a job of it is queued or running. */
  live: boolean;
  /** The store's newest rollout (rowid): a page that listed rollouts up to it asks later how many of its scope arrived since. */
  newestRollout: number;
  /** Rollouts of the scope stored after `since` (when asked with one). */
  newRollouts?: number;
  /** Proposals of the scope, and of them pending: the inbox announces new ones. */
  proposals: number;
  pendingProposals: number;
  /** The lab's scope only: the experiments that are live, so an unscoped page can say where training runs. */
  liveExperiments?: string[];
}

const RUN_ACTIVITY = `
SELECT r.experiment_id AS experimentId, r.status, j.status AS jobStatus, r.updated_at AS updatedAt,
  coalesce((SELECT max(rowid) FROM rollouts WHERE run_id = r.id), 0) AS newestRollout,
  coalesce((SELECT max(rowid) FROM metric_points WHERE run_id = r.id), 0) AS newestMetric,
  max(r.updated_at, coalesce(r.started_at, 0),
      coalesce((SELECT created_at FROM rollouts WHERE rowid = (SELECT max(rowid) FROM rollouts WHERE run_id = r.id)), 0),
      coalesce((SELECT time FROM metric_points WHERE rowid = (SELECT max(rowid) FROM metric_points WHERE run_id = r.id)), 0)) AS lastActivityAt
FROM runs r LEFT JOIN jobs j ON j.id = r.job_id`;

interface RunRow extends RunActivity {
  experimentId: string;
  updatedAt: number;
  newestRollout: number;
  newestMetric: number;
}

interface Parts {
  signature: unknown[];
  live: boolean;
  newestRollout: number;
  proposals: number;
  pendingProposals: number;
  liveExperiments?: string[];
}

const isLive = (run: RunRow, now: number, staleAfterMs: number) => runLiveness(run, now, staleAfterMs).state === "active";

function runParts(store: Store, runId: string, now: number, staleAfterMs: number): Parts | null {
  const run = store.sqlite.prepare(`${RUN_ACTIVITY} WHERE r.id = ?`).get(runId) as RunRow | undefined;
  if (!run) return null;
  const job = store.sqlite.prepare("SELECT j.status, j.progress FROM jobs j JOIN runs r ON r.job_id = j.id WHERE r.id = ?").raw().get(runId) as unknown[] | undefined;
  // Proposals name their experiment, not always their run: a run page's proposals are its experiment's.
  const proposals = store.sqlite.prepare("SELECT count(*), coalesce(sum(status = 'pending'), 0), coalesce(max(rowid), 0) FROM proposals WHERE experiment_id = (SELECT experiment_id FROM runs WHERE id = ?)").raw().get(runId) as number[];
  return {
    signature: [run.status, run.updatedAt, run.newestRollout, run.newestMetric, job ?? null, proposals, evalMark(store)],
    live: isLive(run, now, staleAfterMs),
    newestRollout: newestRollout(store),
    proposals: proposals[0],
    pendingProposals: proposals[1],
  };
}

/** pass@1 points arrive as evaluation results, possibly from another run's evaluation: any new one counts. */
const evalMark = (store: Store) => store.sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM eval_results").pluck().get() as number;

function experimentParts(store: Store, experimentId: string, now: number, staleAfterMs: number): Parts | null {
  if (!store.sqlite.prepare("SELECT 1 FROM experiments WHERE id = ?").get(experimentId)) return null;
  // Every run's state (a handful to hundreds per experiment), the activity of the unfinished ones only.
  const runs = store.sqlite.prepare("SELECT id, status, updated_at FROM runs WHERE experiment_id = ? ORDER BY id").raw().all(experimentId);
  const unfinished = store.sqlite.prepare(`${RUN_ACTIVITY} WHERE r.experiment_id = ? AND r.status IN ('pending', 'running') ORDER BY r.id`).all(experimentId) as RunRow[];
  const jobs = store.sqlite.prepare("SELECT id, status, progress FROM jobs WHERE experiment_id = ? AND status IN ('queued', 'running') ORDER BY id").raw().all(experimentId);
  const proposals = store.sqlite.prepare("SELECT count(*), coalesce(sum(status = 'pending'), 0), coalesce(max(rowid), 0) FROM proposals WHERE experiment_id = ?").raw().get(experimentId) as number[];
  const checkpoints = store.sqlite.prepare("SELECT count(*) FROM checkpoints WHERE experiment_id = ?").pluck().get(experimentId);
  // The experiment's newest arrival, through the browse index (experiment_id, created_at, id, …), and how many arrived then.
  const newest = store.sqlite.prepare("SELECT created_at, count(*) FROM rollouts WHERE experiment_id = ? AND created_at = (SELECT max(created_at) FROM rollouts WHERE experiment_id = ?)").raw().get(experimentId, experimentId);
  return {
    signature: [runs, unfinished.map((r) => [r.newestRollout, r.newestMetric]), jobs, proposals, checkpoints, newest, evalMark(store)],
    live: unfinished.some((r) => isLive(r, now, staleAfterMs)) || jobs.length > 0,
    newestRollout: newestRollout(store),
    proposals: proposals[0],
    pendingProposals: proposals[1],
  };
}

const newestRollout = (store: Store) => store.sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM rollouts").pluck().get() as number;

function labParts(store: Store, now: number, staleAfterMs: number): Parts {
  const sqlite = store.sqlite;
  const runs = sqlite.prepare("SELECT count(*), coalesce(max(updated_at), 0), coalesce(sum(status IN ('pending', 'running')), 0) FROM runs").raw().get();
  const unfinished = sqlite.prepare(`${RUN_ACTIVITY} WHERE r.status IN ('pending', 'running')`).all() as RunRow[];
  const jobs = sqlite.prepare("SELECT id, status, progress, experiment_id FROM jobs WHERE status IN ('queued', 'running') ORDER BY id").raw().all() as unknown[][];
  const proposals = sqlite.prepare("SELECT count(*), coalesce(sum(status = 'pending'), 0), coalesce(max(rowid), 0) FROM proposals").raw().get() as number[];
  const newest = sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM rollouts").pluck().get() as number;
  const metric = sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM metric_points").pluck().get();
  const checkpoints = sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM checkpoints").pluck().get();
  return {
    signature: [runs, jobs, proposals, newest, metric, checkpoints, evalMark(store)],
    live: unfinished.some((r) => isLive(r, now, staleAfterMs)) || jobs.length > 0,
    liveExperiments: [...new Set([...unfinished.filter((r) => isLive(r, now, staleAfterMs)).map((r) => r.experimentId), ...jobs.map((j) => j[3] as string | null).filter((e) => e !== null)])].sort(),
    newestRollout: newest,
    proposals: proposals[0],
    pendingProposals: proposals[1],
  };
}

/** Rollouts of the scope after rowid `since`: a walk over the new rowids only (the unary + keeps SQLite off the scope's index, which would walk all of them). */
function rolloutsSince(store: Store, scope: LiveScope, since: number): number {
  const sql = "SELECT count(*) FROM rollouts WHERE rowid > ?";
  if (scope.kind === "lab") return store.sqlite.prepare(sql).pluck().get(since) as number;
  const column = scope.kind === "run" ? "run_id" : "experiment_id";
  return store.sqlite.prepare(`${sql} AND +${column} = ?`).pluck().get(since, scope.id) as number;
}

interface Kept {
  mark: string;
  state: LiveState;
}

/** Answers kept per store and scope; a scope nobody asks about any more is dropped once there are many. */
const kept = new WeakMap<Store, Map<string, Kept>>();
const KEPT_LIMIT = 1_000;

/**
 * Where the store stands: another connection's commit moves data_version, this connection's moves total_changes().
 * The minute is part of it so a run that falls silent turns stale (not live) without a write.
 */
export function storeChangeMark(store: Store, now: number = Date.now()): string {
  const dataVersion = store.sqlite.pragma("data_version", { simple: true }) as number;
  const own = store.sqlite.prepare("SELECT total_changes()").pluck().get() as number;
  return `${dataVersion}.${own}.${Math.floor(now / 60_000)}`;
}

/** The scope's live state, or null when its run or experiment does not exist. `since`: count the rollouts after it. */
export function getLiveState(store: Store, scope: LiveScope, since?: number, now: number = Date.now()): LiveState | null {
  const mark = storeChangeMark(store, now);
  const key = `${scope.kind}\u0000${scope.kind === "lab" ? "" : scope.id}\u0000${since ?? ""}`;
  let byScope = kept.get(store);
  if (!byScope) kept.set(store, (byScope = new Map()));
  const hit = byScope.get(key);
  if (hit && hit.mark === mark) return hit.state;
  const staleAfterMs = runStaleAfterMs(process.env);
  const parts = scope.kind === "run" ? runParts(store, scope.id, now, staleAfterMs) : scope.kind === "experiment" ? experimentParts(store, scope.id, now, staleAfterMs) : labParts(store, now, staleAfterMs);
  if (!parts) return null;
  const version = createHash("sha256").update(JSON.stringify([parts.signature, parts.live])).digest("base64url").slice(0, 16);
  const state: LiveState = {
    version,
    live: parts.live,
    newestRollout: parts.newestRollout,
    proposals: parts.proposals,
    pendingProposals: parts.pendingProposals,
    ...(parts.liveExperiments ? { liveExperiments: parts.liveExperiments } : {}),
    ...(since !== undefined ? { newRollouts: rolloutsSince(store, scope, since) } : {}),
  };
  if (byScope.size >= KEPT_LIMIT) byScope.clear();
  byScope.set(key, { mark, state });
  return state;
}
