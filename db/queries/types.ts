// Plain result shapes of the experiment queries. Kept apart from the queries (which are
// server-only) so client components and JSON routes can import the types without pulling in the db.
import type {
  ExperimentMethod, HookPosition, RolloutPurpose,
  RUN_KINDS, RUN_STATUSES, PROPOSAL_KINDS, PROPOSAL_STATUSES, JOB_KINDS, JOB_STATUSES, JOB_EXECUTORS,
  TRUNCATION_KINDS,
} from "../../lib/domain/vocabulary";
import type { TrainingRates } from "../../lib/metrics/training-rates";

export type RunKind = (typeof RUN_KINDS)[number];
export type RunStatus = (typeof RUN_STATUSES)[number];
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobExecutor = (typeof JOB_EXECUTORS)[number];
export type TruncationKind = (typeof TRUNCATION_KINDS)[number];

/** Derived from the experiment's runs (see deriveExperimentStatus). */
export type ExperimentStatus = "running" | "stale" | "finished" | "failed" | "idle";

export interface ExperimentSummary {
  id: string;
  name: string;
  method: ExperimentMethod;
  runs: number;
  rollouts: number;
  /** ms since epoch; the newest of the experiment, run, rollout, metric and proposal timestamps. */
  latestActivity: number | null;
  status: ExperimentStatus;
  /** Runs that say running but went silent without a live job (lib/domain/run-staleness.ts). */
  staleRuns: number;
}

export interface RunSummary {
  id: string;
  name: string | null;
  kind: RunKind;
  status: RunStatus;
  startedAt: number | null;
  finishedAt: number | null;
  createdAt: number;
  rollouts: number;
  /** Set when it says running but went silent without a live job (lib/domain/run-staleness.ts). */
  stale?: { silentForMs: number; text: string } | null;
}

export interface HarnessVersionSummary {
  id: string;
  experimentId: string;
  label: string;
  /** Its name in the one naming (lib/domain/harness-naming.ts): "H1 (same files as H0)". */
  name: string;
  parentId: string | null;
  /** The parent's label, so tables can say "H1 ← H0" without a second lookup. */
  parentLabel: string | null;
  origin: "initial" | "proposal" | "manual" | "import";
  originProposalId: string | null;
  description: string | null;
  files: number;
  hooksByPosition: Record<HookPosition, number>;
  createdAt: number;
}

export interface ExperimentOverview {
  experiment: {
    id: string;
    name: string;
    method: ExperimentMethod;
    description: string | null;
    config: Record<string, unknown> | null;
    createdAt: number;
    updatedAt: number;
  };
  status: ExperimentStatus;
  runs: RunSummary[];
  harnessVersions: HarnessVersionSummary[];
  checkpoints: number;
  rollouts: number;
  rolloutsByPurpose: Record<RolloutPurpose, number>;
  tasksTouched: number;
  proposalsByStatus: Record<ProposalStatus, number>;
  proposals: number;
  skills: number;
  evalRuns: number;
  failurePackets: number;
  /** Computed from the stored purpose=train rollouts, grouped by run + step + group id. */
  trainingRates: TrainingRates;
}

export interface ProposalListItem {
  id: string;
  experimentId: string;
  experimentName: string;
  title: string;
  kind: ProposalKind;
  status: ProposalStatus;
  teacher: string | null;
  parentProposalId: string | null;
  createdAt: number;
}

