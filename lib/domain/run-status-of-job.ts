// A run a job produces cannot outlive the job's process: when the job is cancelled, fails or is lost, a run of
// it still "pending" or "running" ends with it (otherwise the experiments list counts it active for good).
// A job that succeeded leaves its runs as their own events say: the trainer reports its run's end itself.
import type { JOB_STATUSES, RUN_STATUSES } from "./vocabulary";

type JobStatus = (typeof JOB_STATUSES)[number];
type RunStatus = (typeof RUN_STATUSES)[number];

/** The status an unfinished run takes when its job ends with `job`, or null when the run keeps its own. */
export function runStatusAfterJobEnd(job: JobStatus): Extract<RunStatus, "failed" | "cancelled"> | null {
  switch (job) {
    case "cancelled": return "cancelled";
    case "failed":
    case "lost": return "failed";
    default: return null;
  }
}

/** Run statuses that a job's end overrides: the run never said it was over. */
export const UNFINISHED_RUN_STATUSES = ["pending", "running"] as const satisfies readonly RunStatus[];
