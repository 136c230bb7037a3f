// Can this machine confine jobs? Runs bubblewrap once with the namespaces a job gets (a real try, not a look
// for the binary: bwrap is installed on machines where user namespaces are off, and then it cannot run), and
// says — for the server's start and the launch form — whether jobs are confined, and loudly when they are not.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { SANDBOX_WARNING, dropPrivilegesArgv, isolationArgs, jobUserSetting, sandboxMode, type JobUser, type SandboxMode } from "./sandbox";

export interface SandboxStatus {
  mode: SandboxMode;
  /** Jobs run inside bwrap. */
  confined: boolean;
  /** The bwrap binary, when it runs. */
  bwrap: string | null;
  /** Why jobs are not confined (null when they are); with mode "bwrap" jobs then fail to start with this reason. */
  problem: string | null;
  /** The server runs as root: confined jobs (local, and Slurm jobs run as root) drop to this user inside the sandbox (HARNESS_LAB_JOB_USER). */
  jobUser: JobUser | null;
}

/** Whether this process is root, the case in which jobs must be handed to an unprivileged user. */
export const runningAsRoot = (): boolean => process.getuid?.() === 0;

const CANDIDATES = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];

/** Runs `bwrap … /bin/sh -c 'exit 0'` the way jobs use it (dropping to the job user when root); the error text when it cannot. */
export function probeBwrap(bwrap: string, jobUser: JobUser | null = null): string | null {
  const drop = jobUser ? dropPrivilegesArgv(jobUser) : [];
  const result = spawnSync(bwrap, [...isolationArgs(false, jobUser !== null), "--", ...drop, "/bin/sh", "-c", "exit 0"], { encoding: "utf8", timeout: 10_000 });
  if (result.error) return `${bwrap} cannot be run: ${result.error.message}`;
  if (result.status !== 0) return `${bwrap} fails here (exit ${result.status ?? result.signal}): ${(result.stderr || "").trim().slice(0, 300) || "no message"}`;
  return null;
}

let cached: { key: string; status: SandboxStatus } | null = null;

/** The installation's sandbox status (probed once per process and setting). Throws on a bad HARNESS_LAB_JOB_SANDBOX. */
export function sandboxStatus(env: Readonly<Record<string, string | undefined>> = process.env): SandboxStatus {
  const mode = sandboxMode(env);
  const jobUser = runningAsRoot() ? jobUserSetting(env) : null;
  const key = `${mode}:${env.HARNESS_LAB_BWRAP ?? ""}:${jobUser ? `${jobUser.uid}:${jobUser.gid}` : ""}`;
  if (cached?.key === key) return cached.status;
  let status: SandboxStatus;
  if (mode === "none") {
    status = { mode, confined: false, bwrap: null, problem: "HARNESS_LAB_JOB_SANDBOX=none turns the job sandbox off", jobUser };
  } else {
    const bwrap = env.HARNESS_LAB_BWRAP || CANDIDATES.find((p) => fs.existsSync(p));
    const problem = bwrap ? probeBwrap(bwrap, jobUser) : "bubblewrap (bwrap) is not installed";
    status = { mode, confined: problem === null, bwrap: problem === null ? bwrap! : null, problem, jobUser };
  }
  cached = { key, status };
  return status;
}

/** The loud text for the server's log and the launch form; null when jobs are confined. */
export function sandboxWarning(status: SandboxStatus): string | null {
  if (status.confined) return null;
  if (status.mode === "bwrap") return `Local jobs cannot start: HARNESS_LAB_JOB_SANDBOX=bwrap, but ${status.problem}. Install bubblewrap (apt-get install -y bubblewrap) or enable unprivileged user namespaces.`;
  return `${status.problem}. ${SANDBOX_WARNING}`;
}
