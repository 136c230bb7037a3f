// A run that says "running" (or "pending") but has no live job and has sent nothing for a long time is not
// running: its trainer died without a word (a killed process, a lost node, a laptop closed). Such a run is
// shown as "stale" — "running · no heartbeat for 3 h" — and is not counted active. Derived from timestamps the
// store already has (the run's own updates, its newest rollout and metric point), so nothing is migrated. A
// run whose job is queued or running is never stale: the job is its heartbeat; a job's end already ends its
// runs (run-status-of-job.ts). Pure: `now` and the threshold are arguments.
import type { JOB_STATUSES, RUN_STATUSES } from "./vocabulary";

type JobStatus = (typeof JOB_STATUSES)[number];
type RunStatus = (typeof RUN_STATUSES)[number];

/** Silence after which a running run without a live job is stale, unless HARNESS_LAB_RUN_STALE_MINUTES says otherwise. */
export const DEFAULT_RUN_STALE_AFTER_MS = 60 * 60_000;

/** The threshold from HARNESS_LAB_RUN_STALE_MINUTES (a positive number of minutes), else the default. */
export function runStaleAfterMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.HARNESS_LAB_RUN_STALE_MINUTES?.trim();
  const minutes = raw ? Number(raw) : NaN;
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : DEFAULT_RUN_STALE_AFTER_MS;
}

export interface RunActivity {
  status: RunStatus;
  /** The status of the job that launched it; null when no job did (a trainer outside the dashboard). */
  jobStatus: JobStatus | null;
  /** The newest of: the run's own last update, its newest rollout, its newest metric point. */
  lastActivityAt: number;
}

export type RunLiveness = { state: "ended" } | { state: "active" } | { state: "stale"; silentForMs: number };

export function runLiveness(run: RunActivity, now: number, staleAfterMs: number): RunLiveness {
  if (run.status !== "running" && run.status !== "pending") return { state: "ended" };
  if (run.jobStatus === "queued" || run.jobStatus === "running") return { state: "active" };
  const silentForMs = Math.max(0, now - run.lastActivityAt);
  return silentForMs > staleAfterMs ? { state: "stale", silentForMs } : { state: "active" };
}

/** The status word to show: the run's own, or "stale" for a silent running run. */
export function shownRunStatus(run: RunActivity, now: number, staleAfterMs: number): RunStatus | "stale" {
  return runLiveness(run, now, staleAfterMs).state === "stale" ? "stale" : run.status;
}

/** "3 h", "45 min", "2 d": how long a run has been silent, coarse on purpose. */
export function silenceText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** "running · no heartbeat for 3 h": what a stale run says next to its status. */
export function staleRunText(status: RunStatus, silentForMs: number): string {
  return `${status} · no heartbeat for ${silenceText(silentForMs)}`;
}
