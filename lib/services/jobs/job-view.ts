// What the jobs pages show of a job, derived in one place (pure; the table export and the page use the same
// values): is it still going, its progress as a percentage, the jobs table as data.
import type { TableData } from "../../tables/table-data";
import type { JobStatus } from "../../../db/queries/jobs";

export const isActiveStatus = (status: JobStatus | string): boolean => status === "queued" || status === "running";

/** 0..100, whole; null when the job never reported progress. A finished job that succeeded is at 100. */
export function progressPercent(job: { progress: number | null; status: string }): number | null {
  if (job.status === "succeeded") return 100;
  if (job.progress === null || !Number.isFinite(job.progress)) return null;
  return Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
}

export interface JobRowInput {
  id: string;
  templateName: string | null;
  templateId: string | null;
  kind: string;
  experimentName: string | null;
  experimentId: string | null;
  executor: string;
  status: string;
  statusReason: string | null;
  progress: number | null;
  durationMs: number | null;
  createdByName: string | null;
  createdAt: number;
  exitCode: number | null;
  runs: { id: string }[];
}

export function jobsTable(jobs: readonly JobRowInput[]): TableData {
  return {
    columns: ["Job", "Template", "Kind", "Experiment", "Executor", "Status", "Reason", "Progress (%)", "Duration (s)", "Launched by", "Created (UTC)", "Exit code", "Runs"],
    rows: jobs.map((j) => [
      j.id, j.templateName ?? j.templateId, j.kind, j.experimentName ?? j.experimentId, j.executor, j.status, j.statusReason,
      progressPercent(j), j.durationMs === null ? null : Math.round(j.durationMs / 100) / 10, j.createdByName,
      new Date(j.createdAt).toISOString(), j.exitCode, j.runs.map((r) => r.id).join(" "),
    ]),
  };
}
