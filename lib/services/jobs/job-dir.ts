// The layout of a job's directory (<jobs root>/<job id>/), and the launch spec the server writes into it so a
// queued job can be started later — after a restart too — exactly as it was rendered at launch. The directory
// itself is the server's control folder (spec, log, exit status, token, Slurm script): the job never sees it
// (the sandbox hides every job directory). The job's own folder is work/ inside it, the one place it may write
// (HARNESS_LAB_JOB_DIR, {job_dir}); nothing the server or the job wrapper reads or writes lives there (issue 36:
// a log replaced by a FIFO froze the server, an exit file replaced by a link overwrote a host file).
import fs from "node:fs";
import path from "node:path";
import type { ResourcesSpec } from "./pure/template-schema";
import { writePrivateFile } from "./job-files";

export const LOG_FILE = "job.log";
export const SPEC_FILE = "spec.json";
export const EXIT_FILE = "exit.json";
export const SLURM_SCRIPT = "job.sbatch";
export const TOKEN_FILE = ".token";
export const WORK_SUBDIR = "work";
/** jobs.status_reason of a job being cancelled: carries the request (and who made it) across a restart. */
export const CANCEL_MARK = "cancel requested by ";

/** The directory of a job, from its log path (which the job record keeps). */
export const jobDirOf = (logPath: string) => path.dirname(logPath);
/** The job's work folder, in its directory. */
export const workDirOf = (jobDir: string) => path.join(jobDir, WORK_SUBDIR);

export interface LaunchSpec {
  argv: string[];
  /** The template's env and the job's HARNESS_LAB_* variables, without the token (it never touches this file). */
  env: Record<string, string>;
  cwd: string;
  resources: ResourcesSpec;
}

export function writeLaunchSpec(jobDir: string, spec: LaunchSpec): void {
  writePrivateFile(path.join(jobDir, SPEC_FILE), `${JSON.stringify(spec, null, 2)}\n`);
}

export function readLaunchSpec(jobDir: string): LaunchSpec {
  return JSON.parse(fs.readFileSync(path.join(jobDir, SPEC_FILE), "utf8")) as LaunchSpec;
}

export function removeTokenFile(jobDir: string): void {
  fs.rmSync(path.join(jobDir, TOKEN_FILE), { force: true });
}
