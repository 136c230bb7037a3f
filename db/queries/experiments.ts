// Read queries behind the experiments list, the experiment overview and the first list pages.
// Every query takes the Store explicitly so unit tests can run against openStore(":memory:").
import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Store } from "../client";
import { experiments, runs, harnessVersions, rollouts, tasks, proposals } from "../schema";
import {
  HOOK_POSITIONS, PROPOSAL_STATUSES, ROLLOUT_PURPOSES,
  type ExperimentMethod, type HookPosition, type RolloutPurpose,
} from "../../lib/domain/vocabulary";
import { getHarnessNames } from "./harness-naming-rows";
import { staleRuns } from "./run-activity";
import { experimentTrainingRates } from "./experiment-training-rates";
import type {
  ExperimentOverview, ExperimentStatus, ExperimentSummary, HarnessVersionSummary,
  ProposalListItem, ProposalStatus, RunStatus, RunSummary,
} from "./types";

export type * from "./types";

/**
 * The experiment's state as the list shows it: anything pending or running (and not stale) means it is live;
 * a run that says running but went silent without a live job (lib/domain/run-staleness.ts) makes it "stale";
 * otherwise the most recent run decides whether it ended badly.
 */
export function deriveExperimentStatus(input: {
  runs: number;
  /** Pending or running runs that are not stale. */
  activeRuns: number;
  staleRuns?: number;
  latestRunStatus: RunStatus | null;
}): ExperimentStatus {
  if (input.runs === 0) return "idle";
  if (input.activeRuns > 0) return "running";
  if ((input.staleRuns ?? 0) > 0) return "stale";
  if (input.latestRunStatus === "failed") return "failed";
  return "finished";
}

// "Latest run" = most recently started (or created, when it never started); rowid breaks ties by insertion.
const LATEST_RUN_ORDER = "coalesce(started_at, created_at) DESC, created_at DESC, rowid DESC";

interface ExperimentListRow {
  id: string;
  name: string;
  method: ExperimentMethod;
  updatedAt: number;
  runs: number;
  activeRuns: number;
  latestRunStatus: RunStatus | null;
  rollouts: number;
  runAt: number | null;
  rolloutAt: number | null;
  metricAt: number | null;
  proposalAt: number | null;
}

// One statement for the whole list. Rollouts and metric points can be large, so their newest row is
// found as max(rowid) over a covering index (rowid grows with insertion) instead of scanning for max(time).
const LIST_EXPERIMENTS_SQL = `
WITH
  ro AS (SELECT experiment_id, count(*) AS n, max(rowid) AS last_rowid FROM rollouts GROUP BY experiment_id),
  ru AS (
    SELECT experiment_id, count(*) AS n,
      sum(CASE WHEN status IN ('running', 'pending') THEN 1 ELSE 0 END) AS active,
      max(max(updated_at, coalesce(started_at, updated_at), coalesce(finished_at, updated_at))) AS last_at
    FROM runs GROUP BY experiment_id
  ),
  lr AS (
    SELECT experiment_id, status FROM (
      SELECT experiment_id, status, row_number() OVER (PARTITION BY experiment_id ORDER BY ${LATEST_RUN_ORDER}) AS rn
      FROM runs
    ) WHERE rn = 1
  ),
  mp_last AS (SELECT run_id, max(rowid) AS last_rowid FROM metric_points GROUP BY run_id),
  mp AS (
    SELECT r.experiment_id, max(m.time) AS last_at
    FROM mp_last JOIN metric_points m ON m.rowid = mp_last.last_rowid JOIN runs r ON r.id = mp_last.run_id
    GROUP BY r.experiment_id
  ),
  pr AS (SELECT experiment_id, max(created_at) AS last_at FROM proposals GROUP BY experiment_id)
SELECT e.id, e.name, e.method, e.updated_at AS updatedAt,
  coalesce(ru.n, 0) AS runs, coalesce(ru.active, 0) AS activeRuns, lr.status AS latestRunStatus,
  coalesce(ro.n, 0) AS rollouts,
  ru.last_at AS runAt,
  (SELECT created_at FROM rollouts WHERE rowid = ro.last_rowid) AS rolloutAt,
  mp.last_at AS metricAt,
  pr.last_at AS proposalAt
FROM experiments e
LEFT JOIN ro ON ro.experiment_id = e.id
LEFT JOIN ru ON ru.experiment_id = e.id
LEFT JOIN lr ON lr.experiment_id = e.id
LEFT JOIN mp ON mp.experiment_id = e.id
LEFT JOIN pr ON pr.experiment_id = e.id
`;

function maxOf(values: Array<number | null>): number | null {
  let best: number | null = null;
  for (const v of values) if (v !== null && (best === null || v > best)) best = v;
  return best;
}

/** All experiments, most recently active first. */
export function listExperiments(store: Store, at: { now?: number } = {}): ExperimentSummary[] {
  const rows = store.sqlite.prepare(LIST_EXPERIMENTS_SQL).all() as ExperimentListRow[];
  const staleByExperiment = new Map<string, number>();
  for (const s of staleRuns(store, null, at.now).values()) staleByExperiment.set(s.experimentId, (staleByExperiment.get(s.experimentId) ?? 0) + 1);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      method: row.method,
      runs: row.runs,
      rollouts: row.rollouts,
      latestActivity: maxOf([row.updatedAt, row.runAt, row.rolloutAt, row.metricAt, row.proposalAt]),
      status: deriveExperimentStatus({
        ...row, activeRuns: row.activeRuns - (staleByExperiment.get(row.id) ?? 0), staleRuns: staleByExperiment.get(row.id) ?? 0,
      }),
      staleRuns: staleByExperiment.get(row.id) ?? 0,
    }))
    .sort((a, b) => (b.latestActivity ?? 0) - (a.latestActivity ?? 0) || a.name.localeCompare(b.name));
}

const zeroHooks = (): Record<HookPosition, number> =>
  Object.fromEntries(HOOK_POSITIONS.map((p) => [p, 0])) as Record<HookPosition, number>;

/** Harness versions with file counts and hooks per lifecycle position; all experiments when none is given. */
export function listHarnessVersions(store: Store, opts: { experimentId?: string } = {}): HarnessVersionSummary[] {
  const parent = alias(harnessVersions, "parent");
  const where = opts.experimentId ? eq(harnessVersions.experimentId, opts.experimentId) : undefined;
  const versions = store.db
    .select({
      id: harnessVersions.id,
      experimentId: harnessVersions.experimentId,
      label: harnessVersions.label,
      parentId: harnessVersions.parentId,
      parentLabel: parent.label,
      origin: harnessVersions.origin,
      originProposalId: harnessVersions.originProposalId,
      description: harnessVersions.description,
      createdAt: harnessVersions.createdAt,
    })
    .from(harnessVersions)
    .leftJoin(parent, eq(parent.id, harnessVersions.parentId))
    .where(where)
    .orderBy(harnessVersions.experimentId, harnessVersions.createdAt, harnessVersions.label)
    .all();

  const fileRows = store.sqlite
    .prepare(
      `SELECT f.harness_version_id AS id, f.hook_position AS position, count(*) AS n
       FROM harness_files f JOIN harness_versions v ON v.id = f.harness_version_id
       WHERE (@experimentId IS NULL OR v.experiment_id = @experimentId)
       GROUP BY f.harness_version_id, f.hook_position`,
    )
    .all({ experimentId: opts.experimentId ?? null }) as Array<{ id: string; position: HookPosition | null; n: number }>;

  const files = new Map<string, { files: number; hooks: Record<HookPosition, number> }>();
  for (const row of fileRows) {
    let entry = files.get(row.id);
    if (!entry) files.set(row.id, (entry = { files: 0, hooks: zeroHooks() }));
    entry.files += row.n;
    if (row.position) entry.hooks[row.position] += row.n;
  }
  const names = new Map([...new Set(versions.map((v) => v.experimentId))].map((e) => [e, getHarnessNames(store, e)]));
  return versions.map((v) => ({
    ...v,
    name: names.get(v.experimentId)!.nameOf(v.id),
    files: files.get(v.id)?.files ?? 0,
    hooksByPosition: files.get(v.id)?.hooks ?? zeroHooks(),
  }));
}

function countsByKey<K extends string>(keys: readonly K[], rows: Array<{ key: K; n: number }>): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) if (row.key in out) out[row.key] = row.n;
  return out;
}

/** Everything the experiment overview page shows, or null for an unknown id. */
export function getExperimentOverview(store: Store, id: string, at: { now?: number } = {}): ExperimentOverview | null {
  const experiment = store.db
    .select({
      id: experiments.id,
      name: experiments.name,
      method: experiments.method,
      description: experiments.description,
      config: experiments.config,
      createdAt: experiments.createdAt,
      updatedAt: experiments.updatedAt,
    })
    .from(experiments)
    .where(eq(experiments.id, id))
    .get();
  if (!experiment) return null;

  const runRows: RunSummary[] = store.db
    .select({
      id: runs.id,
      name: runs.name,
      kind: runs.kind,
      status: runs.status,
      startedAt: runs.startedAt,
      finishedAt: runs.finishedAt,
      createdAt: runs.createdAt,
      // Spelled out because drizzle leaves columns unqualified in a one-table select, which the subquery would capture.
      rollouts: sql<number>`(SELECT count(*) FROM rollouts ro WHERE ro.run_id = "runs"."id")`,
    })
    .from(runs)
    .where(eq(runs.experimentId, id))
    .orderBy(sql.raw(LATEST_RUN_ORDER))
    .all();

  const counts = store.sqlite
    .prepare(
      `SELECT
         (SELECT count(*) FROM checkpoints WHERE experiment_id = @id) AS checkpoints,
         (SELECT count(*) FROM tasks t WHERE EXISTS (
            SELECT 1 FROM rollouts r INDEXED BY rollouts_task WHERE r.task_id = t.id AND r.experiment_id = @id)) AS tasksTouched,
         (SELECT count(*) FROM skills WHERE experiment_id = @id) AS skills,
         (SELECT count(*) FROM eval_runs WHERE experiment_id = @id) AS evalRuns,
         (SELECT count(*) FROM failure_packets WHERE experiment_id = @id) AS failurePackets`,
    )
    .get({ id }) as { checkpoints: number; tasksTouched: number; skills: number; evalRuns: number; failurePackets: number };

  const byPurpose = countsByKey<RolloutPurpose>(
    ROLLOUT_PURPOSES,
    store.sqlite
      .prepare("SELECT purpose AS key, count(*) AS n FROM rollouts WHERE experiment_id = ? GROUP BY purpose")
      .all(id) as Array<{ key: RolloutPurpose; n: number }>,
  );
  const byStatus = countsByKey<ProposalStatus>(
    PROPOSAL_STATUSES,
    store.sqlite
      .prepare("SELECT status AS key, count(*) AS n FROM proposals WHERE experiment_id = ? GROUP BY status")
      .all(id) as Array<{ key: ProposalStatus; n: number }>,
  );

  // A GRPO group is one task's K samples in one step of one run; group ids are only unique within that.
  // From the per-step counts kept on write: the overview's cost does not grow with the experiment's rollouts.
  const trainingRates = experimentTrainingRates(store, id);

  const latest = runRows[0];
  const stale = staleRuns(store, id, at.now);
  const runsShown = runRows.map((r) => ({ ...r, stale: stale.get(r.id) ? { silentForMs: stale.get(r.id)!.silentForMs, text: stale.get(r.id)!.text } : null }));
  return {
    experiment,
    status: deriveExperimentStatus({
      runs: runRows.length,
      activeRuns: runsShown.filter((r) => (r.status === "running" || r.status === "pending") && !r.stale).length,
      staleRuns: stale.size,
      latestRunStatus: latest?.status ?? null,
    }),
    runs: runsShown,
    harnessVersions: listHarnessVersions(store, { experimentId: id }),
    checkpoints: counts.checkpoints,
    rollouts: Object.values(byPurpose).reduce((a, b) => a + b, 0),
    rolloutsByPurpose: byPurpose,
    tasksTouched: counts.tasksTouched,
    proposalsByStatus: byStatus,
    proposals: Object.values(byStatus).reduce((a, b) => a + b, 0),
    skills: counts.skills,
    evalRuns: counts.evalRuns,
    failurePackets: counts.failurePackets,
    trainingRates,
  };
}

/** Teacher proposals, newest first, optionally of one experiment. */
export function listProposals(store: Store, opts: { experimentId?: string } = {}): ProposalListItem[] {
  return store.db
    .select({
      id: proposals.id,
      experimentId: proposals.experimentId,
      experimentName: experiments.name,
      title: proposals.title,
      kind: proposals.kind,
      status: proposals.status,
      teacher: proposals.teacher,
      parentProposalId: proposals.parentProposalId,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .innerJoin(experiments, eq(experiments.id, proposals.experimentId))
    .where(opts.experimentId ? eq(proposals.experimentId, opts.experimentId) : undefined)
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .all();
}
