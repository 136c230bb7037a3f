// The sandbox of one local job, from the runtime's settings and the job's launch spec: what the wrapper is told
// (--sandbox=<json>), nothing when the installation runs jobs unconfined (auto without bwrap, or none), or the
// reason the job cannot start (HARNESS_LAB_JOB_SANDBOX=bwrap on a machine where bwrap cannot run).
import fs from "node:fs";
import path from "node:path";
import { bwrapArgs, dashboardRoute, dropPrivilegesArgv, DASHBOARD_SOCKET, DASHBOARD_SOCKET_INSIDE, type SandboxLayout, type WrapperSandbox } from "./sandbox";
import type { SandboxStatus } from "./sandbox-probe";

export interface SandboxSettings {
  status: SandboxStatus;
  home: string;
  nodePath: string;
  entryPath: string;
  storeFile: string | null;
  jobsRoot: string;
  extraReadOnly: readonly string[];
}

export type SandboxPlan = { ok: true; sandbox: WrapperSandbox | null } | { ok: false; error: string };

/** Unix socket paths are limited to 108 bytes (with the terminating NUL). */
const SOCKET_PATH_MAX = 107;

/** A job's folders: its control folder (the server's: log, exit status, spec) and its work folder (the job's). */
export interface JobFolders {
  jobDir: string;
  workDir: string;
  cwd: string;
}

export function planSandbox(settings: SandboxSettings, job: JobFolders & { serverUrl: string }): SandboxPlan {
  const { status } = settings;
  if (!status.confined) {
    if (status.mode === "bwrap") return { ok: false, error: `the job sandbox is required (HARNESS_LAB_JOB_SANDBOX=bwrap), but ${status.problem}` };
    return { ok: true, sandbox: null };
  }
  const route = dashboardRoute(job.serverUrl);
  if (!route) return { ok: false, error: `HARNESS_LAB_URL ${job.serverUrl} is not an http(s) address the sandbox can forward` };
  const socket = path.join(job.jobDir, DASHBOARD_SOCKET);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) return { ok: false, error: `the job directory's path is too long for the sandbox's socket (${socket}); set HARNESS_LAB_JOBS_DIR to a shorter path` };
  const node = fs.realpathSync(settings.nodePath);
  const privileged = status.jobUser !== null;
  const args = sandboxArgs(settings, job, { kind: "forwarded", innerUrl: route.innerUrl, socket: { outside: socket, inside: DASHBOARD_SOCKET_INSIDE } }, privileged);
  return {
    ok: true,
    sandbox: {
      bwrap: status.bwrap!, args, drop: status.jobUser ? dropPrivilegesArgv(status.jobUser) : [], node, entry: settings.entryPath,
      socket, innerSocket: DASHBOARD_SOCKET_INSIDE, jobUser: status.jobUser, host: route.host, port: route.port,
    },
  };
}

/** bwrap's arguments for a job of this installation (Slurm jobs use them too, with the node's network). */
export function sandboxArgs(
  settings: Omit<SandboxSettings, "status" | "entryPath">,
  job: Omit<JobFolders, "jobDir">,
  network: SandboxLayout["network"],
  privileged: boolean,
): string[] {
  let node = settings.nodePath;
  try {
    node = fs.realpathSync(settings.nodePath);
  } catch {
    // not on this machine (a Slurm node may have it): its directory as given
  }
  let homeEntries: string[] = [];
  try {
    homeEntries = fs.readdirSync(settings.home);
  } catch {
    // no project directory to list: nothing to hide in it
  }
  return bwrapArgs({
    workDir: job.workDir, cwd: job.cwd, privileged, home: settings.home, nodePrefix: path.dirname(path.dirname(node)), storeFile: settings.storeFile,
    jobsRoot: settings.jobsRoot, extraReadOnly: settings.extraReadOnly, homeEntries, network,
  });
}
