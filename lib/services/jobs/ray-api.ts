// Ray's Jobs REST API (the dashboard's /api/jobs/, Ray 2.x): building requests and reading answers, no I/O
// (ray-client.ts sends them). Facts checked against a real Ray 2.58 head (test/jobs/ray-jobs.test.ts):
// - POST /api/jobs/ takes {entrypoint, submission_id, runtime_env, metadata, entrypoint_num_cpus|gpus|memory};
//   the entrypoint is ONE string that Ray runs with `/bin/sh -c`, and Ray writes it into the job's log
//   ("Running entrypoint for job …: <entrypoint>") — so it holds only the quoted argv, never a secret.
// - runtime_env.env_vars is the job's environment on top of the Ray worker's own: the job's ingest URL and
//   its scoped token go there.
// - GET /api/jobs/{id} → {status: PENDING|RUNNING|STOPPED|SUCCEEDED|FAILED, message, driver_exit_code, …};
//   an unknown id → HTTP 404 with a text body. GET /api/jobs/{id}/logs → {logs: the whole log so far}.
// - POST /api/jobs/{id}/stop → {stopped: bool}; the job then ends STOPPED.
import { shellCommand, shellQuote } from "./pure/sh-quote";
import { memoryMegabytes } from "./slurm-rest-api";
import type { ResourcesSpec } from "./pure/template-schema";

/** The submission id of a dashboard job on Ray: fixed by the job's id, so the job can always be found again. */
export const raySubmissionId = (jobId: string) => `harness-lab-${jobId}`;

/**
 * The entrypoint: the argv, each element quoted for sh, after a `cd` into the working directory when there is
 * one (none: Ray's own — the job's working_dir when the template gives one). `exec` so the command is the
 * process Ray signals on stop.
 */
export function rayEntrypoint(argv: readonly string[], cwd: string | null): string {
  const command = `exec ${shellCommand(argv)}`;
  return cwd ? `cd ${shellQuote(cwd)} && ${command}` : command;
}

export interface RaySubmitInput {
  jobId: string;
  argv: readonly string[];
  /** null: the directory Ray starts the job in. */
  cwd: string | null;
  /** The job's whole environment: the template's env, HARNESS_LAB_* and the token. */
  env: Readonly<Record<string, string>>;
  resources: ResourcesSpec;
  metadata?: Readonly<Record<string, string>>;
}

/** The POST /api/jobs/ body. */
export function raySubmitBody(input: RaySubmitInput): Record<string, unknown> {
  const r = input.resources;
  const runtimeEnv: Record<string, unknown> = { env_vars: { ...input.env } };
  if (r.workingDir) runtimeEnv.working_dir = r.workingDir;
  const body: Record<string, unknown> = {
    entrypoint: rayEntrypoint(input.argv, input.cwd),
    submission_id: raySubmissionId(input.jobId),
    runtime_env: runtimeEnv,
    metadata: { harness_lab_job: input.jobId, ...input.metadata },
  };
  if (r.cpus) body.entrypoint_num_cpus = r.cpus;
  if (r.gpus) body.entrypoint_num_gpus = r.gpus;
  if (r.memory) body.entrypoint_memory = memoryMegabytes(r.memory) * 1024 * 1024;
  return body;
}

export type RayPhase = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface RayJobState {
  /** Ray's word: PENDING, RUNNING, STOPPED, SUCCEEDED, FAILED. */
  status: string;
  phase: RayPhase;
  exitCode: number | null;
  /** Ray's message, first line only (a FAILED message repeats the end of the log). */
  message: string | null;
}

const PHASES: Record<string, RayPhase> = { PENDING: "queued", RUNNING: "running", SUCCEEDED: "succeeded", FAILED: "failed", STOPPED: "cancelled" };

/** GET /api/jobs/{id} → the job's state; null when the answer is not a job. */
export function parseRayJob(body: unknown): RayJobState | null {
  const job = body as { status?: unknown; message?: unknown; driver_exit_code?: unknown } | null;
  if (!job || typeof job.status !== "string") return null;
  const phase = PHASES[job.status];
  if (!phase) return null;
  const firstLine = typeof job.message === "string" ? job.message.trim().split("\n")[0].slice(0, 300) : "";
  const exitCode = typeof job.driver_exit_code === "number" && Number.isInteger(job.driver_exit_code) ? job.driver_exit_code : null;
  return { status: job.status, phase, exitCode: phase === "succeeded" ? exitCode ?? 0 : phase === "failed" ? exitCode : null, message: firstLine || null };
}

/** What an ended job's reason says: null for a success, else Ray's status and message. */
export function rayEndReason(state: RayJobState): string | null {
  if (state.phase === "succeeded") return null;
  const parts = [`Ray: ${state.status}`];
  if (state.phase === "failed" && state.exitCode !== null) parts.push(`exit code ${state.exitCode}`);
  if (state.message) parts.push(state.message);
  return parts.join(", ");
}
