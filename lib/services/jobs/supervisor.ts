// Following jobs from the server: recoverJobs once at start (jobs left by a previous server process are found
// again by pid + start time, or marked lost with the reason — never "running" forever), then a tick every
// couple of seconds for local and Slurm jobs alike.
import "server-only";
import type { Store } from "../../../db/client";
import { getJob, listActiveJobs, type JobStatus } from "../../../db/queries/jobs";
import { jobRuntime, type JobRuntime } from "./runtime";
import { logLine } from "../../log-text";

export interface RecoveryReport {
  /** Still running (or queued) after the look. */
  active: { id: string; status: JobStatus; executor: string }[];
  /** Found ended: how, and why. */
  ended: { id: string; status: JobStatus; reason: string | null }[];
}

export async function recoverJobs(store: Store): Promise<RecoveryReport> {
  const before = listActiveJobs(store);
  await jobRuntime(store).tick();
  const report: RecoveryReport = { active: [], ended: [] };
  for (const { id } of before) {
    const job = getJob(store, id);
    if (!job) continue;
    if (job.status === "queued" || job.status === "running") report.active.push({ id, status: job.status, executor: job.executor });
    else report.ended.push({ id, status: job.status, reason: job.statusReason });
  }
  return report;
}

export interface JobSupervisor {
  runtime: JobRuntime;
  /** The recovery pass that ran first. */
  recovered: Promise<RecoveryReport>;
  /** Stops following; running jobs are left alone (the next start finds them). */
  stop(): Promise<void>;
}

export function startJobSupervisor(store: Store, options: { pollMs?: number } = {}): JobSupervisor {
  const runtime = jobRuntime(store);
  if (options.pollMs) runtime.options = { ...runtime.options, pollMs: options.pollMs };
  const recovered = recoverJobs(store).then((report) => {
    for (const job of report.ended) console.info(logLine`jobs: job ${job.id} was found ${job.status}${job.reason ? `: ${job.reason}` : ""}`);
    return report;
  });
  runtime.start();
  return { runtime, recovered, stop: () => runtime.stop() };
}
