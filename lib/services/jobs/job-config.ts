// Installation settings of the job system, read from the environment in one place:
//   HARNESS_LAB_JOB_EXECUTOR   local (default) | slurm | ray — for templates that do not choose
//   HARNESS_LAB_JOB_SLOTS      local jobs run at the same time (default 2); more wait in the queue
//   HARNESS_LAB_JOBS_DIR       where job directories go (default: <database dir>/jobs)
//   HARNESS_LAB_JOB_URL        the address jobs post events to (default: this server on 127.0.0.1)
//   HARNESS_LAB_JOB_GRACE_MS   SIGTERM → SIGKILL grace when a local job is cancelled (default 5000)
//   HARNESS_LAB_SLURMRESTD_URL (+ _TOKEN, _USER)  Slurm jobs through slurmrestd instead of sbatch (slurm-rest.ts)
//   HARNESS_LAB_RAY_ADDRESS (+ _TOKEN, _HEADERS)  the Ray cluster's Jobs API for the ray executor (ray-client.ts)
//   HARNESS_LAB_JOB_SANDBOX    auto | bwrap | none — jobs confined by bubblewrap (sandbox.ts, sandbox-probe.ts)
import os from "node:os";
import path from "node:path";
import { JOB_EXECUTORS } from "../../domain/vocabulary";

export type JobExecutor = (typeof JOB_EXECUTORS)[number];

export function defaultExecutor(env: NodeJS.ProcessEnv = process.env): JobExecutor {
  const value = env.HARNESS_LAB_JOB_EXECUTOR?.trim();
  if (!value) return "local";
  if ((JOB_EXECUTORS as readonly string[]).includes(value)) return value as JobExecutor;
  throw new Error(`HARNESS_LAB_JOB_EXECUTOR must be ${JOB_EXECUTORS.join(" or ")}, not "${value}"`);
}

export function localSlots(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.HARNESS_LAB_JOB_SLOTS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

export function cancelGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.HARNESS_LAB_JOB_GRACE_MS ?? 5000);
  return Number.isFinite(n) && n >= 0 ? n : 5000;
}

export function jobsRoot(databaseFile: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.HARNESS_LAB_JOBS_DIR) return path.resolve(env.HARNESS_LAB_JOBS_DIR);
  if (databaseFile === ":memory:") return path.join(os.tmpdir(), "harness-lab-jobs");
  return path.join(path.dirname(path.resolve(databaseFile)), "jobs");
}

/** Where a job reaches this server: an explicit address, else loopback on the port the server listens on. */
export function jobServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HARNESS_LAB_JOB_URL) return env.HARNESS_LAB_JOB_URL.replace(/\/+$/, "");
  const host = env.HOST ?? "127.0.0.1";
  // A wildcard listen address is not a destination; the job runs here (locally, or on this Slurm node).
  const reach = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${reach}:${env.PORT ?? "3000"}`;
}

/**
 * The environment a job starts from: an allow-list of the server's variables (PATH, locale, proxies …), never
 * its secrets (HARNESS_LAB_ADMIN_TOKEN and anything else not listed). The template's env and the job's
 * HARNESS_LAB_* variables are added on top.
 */
const INHERITED = [/^PATH$/, /^HOME$/, /^USER$/, /^LOGNAME$/, /^SHELL$/, /^LANG$/, /^LANGUAGE$/, /^LC_[A-Z]+$/, /^TZ$/, /^TMPDIR$/, /^TERM$/,
  /^(HTTP|HTTPS|NO|ALL)_PROXY$/i, /^NODE_EXTRA_CA_CERTS$/, /^SSL_CERT_(FILE|DIR)$/, /^SLURM_CONF$/, /^CUDA_VISIBLE_DEVICES$/];

export function inheritedEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && INHERITED.some((re) => re.test(name))) out[name] = value;
  }
  return out;
}
