// slurmrestd's OpenAPI v0.0.38 (Slurm 22.05): building requests and reading answers, no I/O (slurm-rest.ts
// sends them). Facts checked against this machine's slurmrestd (its /openapi/v3 and real answers):
// - slurmrestd does NOT read the script's #SBATCH lines: every property goes into `job` explicitly;
//   `environment` is required and is a name → value object in v0.0.38.
// - GET /job/{id} → jobs[0].exit_code is the raw wait status (768 = exit 3; low 7 bits = the signal).
// - an unknown job id → errors[0].error_number 2017 ("Invalid job id specified"), HTTP 500.
import { phaseOf, type SlurmState } from "./slurm-state";
import type { ResourcesSpec } from "./pure/template-schema";

export const REST_VERSION = "v0.0.38";
export const ESLURM_INVALID_JOB_ID = 2017;

export interface RestSubmitInput {
  jobId: string;
  script: string;
  logPath: string;
  cwd: string;
  /** The job's starting environment (the server's allow-list; the script exports the template's own). */
  environment: Readonly<Record<string, string>>;
  resources: ResourcesSpec;
}

/** Slurm's --mem text ("512", "512M", "4G") in megabytes, as memory_per_node wants it. */
export function memoryMegabytes(memory: string): number {
  const match = /^([1-9][0-9]*)([KMGT]?)$/.exec(memory);
  if (!match) throw new Error(`memory "${memory}" is not a whole number with an optional unit K, M, G or T`);
  const n = Number(match[1]);
  const factor = { K: 1 / 1024, "": 1, M: 1, G: 1024, T: 1024 * 1024 }[match[2] as "K" | "" | "M" | "G" | "T"];
  return Math.max(1, Math.ceil(n * factor));
}

/** The POST /job/submit body: the same script and resources as the sbatch path's #SBATCH lines. */
export function restSubmitBody(input: RestSubmitInput): { script: string; job: Record<string, unknown> } {
  const r = input.resources;
  const job: Record<string, unknown> = {
    name: `harness-lab-${input.jobId.slice(0, 8)}`,
    current_working_directory: input.cwd,
    standard_output: input.logPath,
    standard_error: input.logPath,
    open_mode: "append",
    // A requeued job would post its events twice under a fresh process; let it fail visibly instead.
    requeue: false,
    environment: { ...input.environment },
  };
  if (r.partition) job.partition = r.partition;
  if (r.cpus) job.cpus_per_task = r.cpus;
  if (r.gpus) job.gres = `gpu:${r.gpus}`;
  if (r.memory) job.memory_per_node = memoryMegabytes(r.memory);
  if (r.timeLimitMinutes) job.time_limit = r.timeLimitMinutes;
  return { script: input.script, job };
}

/** A raw wait status → exit code (768 → 3), or the signal that ended the process. */
export function fromWaitStatus(status: number | null | undefined): { exitCode: number | null; signal: number | null } {
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0) return { exitCode: null, signal: null };
  const signal = status & 0x7f;
  return signal ? { exitCode: null, signal } : { exitCode: (status >> 8) & 0xff, signal: null };
}

interface RestError {
  error_number?: number;
  error?: string;
  description?: string;
}

/** The first error of an answer as one line, or null. */
export function restErrorText(body: unknown): string | null {
  const errors = (body as { errors?: RestError[] } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const e = errors[0];
  return [e.description || e.error || "error", e.error_number ? `(Slurm error ${e.error_number})` : ""].filter(Boolean).join(" ");
}

export function parseSubmitAnswer(body: unknown): { ok: true; id: string } | { ok: false; error: string } {
  const failure = restErrorText(body);
  if (failure) return { ok: false, error: `slurmrestd refused the job: ${failure}` };
  const id = (body as { job_id?: unknown } | null)?.job_id;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? { ok: true, id: String(id) } : { ok: false, error: "slurmrestd answered without a job id" };
}

export type RestJobAnswer = { kind: "known"; state: SlurmState } | { kind: "unknown" } | { kind: "error"; error: string };

/** GET /job/{id} → the job's state, "unknown" for error 2017 (or no such job in the list). */
export function parseJobAnswer(body: unknown, id: string): RestJobAnswer {
  const errors = (body as { errors?: RestError[] } | null)?.errors;
  if (Array.isArray(errors) && errors.some((e) => e.error_number === ESLURM_INVALID_JOB_ID)) return { kind: "unknown" };
  const failure = restErrorText(body);
  if (failure) return { kind: "error", error: `slurmrestd: ${failure}` };
  const jobs = (body as { jobs?: { job_id?: number; job_state?: string; exit_code?: number; state_reason?: string }[] } | null)?.jobs;
  const job = Array.isArray(jobs) ? jobs.find((j) => String(j.job_id) === id) : undefined;
  if (!job || typeof job.job_state !== "string" || !job.job_state) return { kind: "unknown" };
  const state = job.job_state;
  const phase = phaseOf(state);
  const ended = phase === "succeeded" || phase === "failed" || phase === "cancelled";
  const { exitCode, signal } = ended ? fromWaitStatus(job.exit_code) : { exitCode: null, signal: null };
  const reason = job.state_reason && job.state_reason !== "None" ? job.state_reason : null;
  if (!ended) return { kind: "known", state: { state, phase, exitCode: null, reason } };
  const parts: string[] = [];
  if (state !== "COMPLETED") parts.push(`Slurm state ${state}`);
  if (reason) parts.push(reason);
  if (signal) parts.push(`signal ${signal}`);
  return { kind: "known", state: { state, phase, exitCode, reason: parts.length ? parts.join(", ") : null } };
}

/** `scontrol token` prints "SLURM_JWT=eyJ…". */
export function parseScontrolToken(stdout: string): string | null {
  return /^SLURM_JWT=(\S+)$/m.exec(stdout)?.[1] ?? null;
}
