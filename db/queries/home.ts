// What the home page reads in one go: runs and jobs going on now, what waits for review by kind, the newest
// decisions and harness promotions, and the experiments. Rows only; lib/home/home-view.ts derives the page.
import "server-only";
import type { Store } from "../client";
import { listActiveJobs, type JobRecord } from "./jobs";
import { listExperiments } from "./experiments";
import type { ExperimentSummary, ProposalKind, RunStatus } from "./types";

export interface HomeRun {
  id: string;
  name: string | null;
  kind: string;
  status: RunStatus;
  experimentId: string;
  experimentName: string;
  startedAt: number | null;
  updatedAt: number;
  /** The newest training step with metrics, when the run has any. */
  lastStep: number | null;
  jobId: string | null;
  jobStatus: string | null;
  jobProgress: number | null;
  jobProgressMessage: string | null;
}

export interface HomeDecision {
  id: string;
  proposalId: string;
  proposalTitle: string;
  proposalKind: ProposalKind;
  experimentId: string;
  experimentName: string;
  verdict: "accept" | "reject";
  actorKind: "rule" | "human";
  actor: string;
  at: number;
}

export interface HomePromotion {
  id: string;
  kind: "promote" | "demote";
  /** The promotion order's label (H1, H2, …): the n-th promotion's number, not necessarily the version's label. */
  label: string;
  harnessVersionId: string;
  /** The promoted version's own label (lib/domain/harness-naming.ts): what the page calls it. */
  versionLabel: string;
  proposalId: string | null;
  experimentId: string;
  experimentName: string;
  at: number;
}

export interface HomeData {
  runs: HomeRun[];
  jobs: JobRecord[];
  /** Pending proposals per kind (kinds with none are absent). */
  pendingByKind: Partial<Record<ProposalKind, number>>;
  decisions: HomeDecision[];
  promotions: HomePromotion[];
  experiments: ExperimentSummary[];
}

const LATEST = 8;

export function loadHomeData(store: Store): HomeData {
  const runs = store.sqlite
    .prepare(
      `SELECT r.id, r.name, r.kind, r.status, r.experiment_id AS experimentId, e.name AS experimentName,
         r.started_at AS startedAt, r.updated_at AS updatedAt,
         (SELECT max(m.step) FROM metric_points m WHERE m.run_id = r.id) AS lastStep,
         r.job_id AS jobId, j.status AS jobStatus, j.progress AS jobProgress, j.progress_message AS jobProgressMessage
       FROM runs r JOIN experiments e ON e.id = r.experiment_id LEFT JOIN jobs j ON j.id = r.job_id
       WHERE r.status IN ('running', 'pending')
       ORDER BY coalesce(r.started_at, r.created_at) DESC, r.rowid DESC LIMIT 50`,
    )
    .all() as HomeRun[];
  const pending = store.sqlite
    .prepare(`SELECT kind, count(*) AS n FROM proposals WHERE status = 'pending' GROUP BY kind`)
    .all() as Array<{ kind: ProposalKind; n: number }>;
  const decisions = store.sqlite
    .prepare(
      `SELECT d.id, d.proposal_id AS proposalId, p.title AS proposalTitle, p.kind AS proposalKind,
         p.experiment_id AS experimentId, e.name AS experimentName, d.verdict, d.actor_kind AS actorKind, d.actor, d.created_at AS at
       FROM decisions d JOIN proposals p ON p.id = d.proposal_id JOIN experiments e ON e.id = p.experiment_id
       ORDER BY d.created_at DESC, d.rowid DESC LIMIT ?`,
    )
    .all(LATEST) as HomeDecision[];
  const promotions = store.sqlite
    .prepare(
      `SELECT h.id, h.kind, h.label, h.harness_version_id AS harnessVersionId, coalesce(v.label, h.harness_version_id) AS versionLabel,
         h.proposal_id AS proposalId, h.experiment_id AS experimentId, e.name AS experimentName, h.created_at AS at
       FROM harness_promotions h JOIN experiments e ON e.id = h.experiment_id
         LEFT JOIN harness_versions v ON v.id = h.harness_version_id
       ORDER BY h.created_at DESC, h.rowid DESC LIMIT ?`,
    )
    .all(LATEST) as HomePromotion[];
  return {
    runs,
    jobs: listActiveJobs(store),
    pendingByKind: Object.fromEntries(pending.map((p) => [p.kind, p.n])),
    decisions,
    promotions,
    experiments: listExperiments(store),
  };
}
