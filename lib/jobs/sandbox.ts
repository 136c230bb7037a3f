// How a local job is confined: the HARNESS_LAB_JOB_SANDBOX setting, and the bubblewrap (bwrap) arguments that
// give the job its own pid namespace and /proc (so no other process's /proc/<pid>/environ, e.g. the server's
// admin token), no network but a forwarder to the dashboard, a read-only view of the system, of Node and of the
// project — without the store, its directory, the other jobs or the project's .env files — and only its own
// job directory (plus a private /tmp) writable. Harness files are untrusted code: node:vm is not a boundary.
// Pure: the probe that runs bwrap lives in sandbox-probe.ts, the forwarding in job-wrapper / sandbox-entry.
import path from "node:path";

export const SANDBOX_MODES = ["auto", "bwrap", "none"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** HARNESS_LAB_JOB_SANDBOX: auto (default: bwrap when it works here), bwrap (required), none (explicit opt-out). */
export function sandboxMode(env: Readonly<Record<string, string | undefined>> = process.env): SandboxMode {
  const value = env.HARNESS_LAB_JOB_SANDBOX?.trim();
  if (!value) return "auto";
  if ((SANDBOX_MODES as readonly string[]).includes(value)) return value as SandboxMode;
  throw new Error(`HARNESS_LAB_JOB_SANDBOX must be ${SANDBOX_MODES.join(", ")}, not "${value}"`);
}

/** HARNESS_LAB_JOB_SANDBOX_READ: extra read-only paths a job may see (colon-separated, e.g. a trainer's venv). */
export function extraReadOnlyPaths(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  return (env.HARNESS_LAB_JOB_SANDBOX_READ ?? "").split(":").map((p) => p.trim()).filter(Boolean).map((p) => path.resolve(p));
}

/** The system directories every job sees read-only (those missing on this machine are skipped by bwrap). */
export const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;

export interface SandboxLayout {
  jobDir: string;
  cwd: string;
  /** The project (read-only: the job runs its code). */
  home: string;
  /** Node's install prefix (read-only). */
  nodePrefix: string;
  /** The store's database file: its directory is hidden, or the file itself when that directory holds the project. */
  storeFile: string | null;
  jobsRoot: string;
  extraReadOnly: readonly string[];
  /** Files directly in `home` (to hide its .env files, which may hold the server's secrets). */
  homeEntries: readonly string[];
  /**
   * Local jobs: no network, the dashboard forwarded — HARNESS_LAB_URL as the job must use it there. Slurm jobs:
   * the node's network (compute nodes reach the dashboard over it), HARNESS_LAB_URL unchanged.
   */
  network: { kind: "forwarded"; innerUrl: string } | { kind: "shared" };
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** The namespaces and read-only system every confined job starts from; the probe (sandbox-probe.ts) tries exactly these. */
export function isolationArgs(shareNet = false): string[] {
  const args = ["--unshare-all", ...(shareNet ? ["--share-net"] : []), "--die-with-parent", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"];
  for (const dir of SYSTEM_DIRS) args.push("--ro-bind-try", dir, dir);
  return args;
}

/** bwrap's arguments up to (not including) `--`: order matters — later mounts cover earlier ones. */
export function bwrapArgs(layout: SandboxLayout): string[] {
  const args = isolationArgs(layout.network.kind === "shared");
  for (const dir of [layout.nodePrefix, layout.home, ...layout.extraReadOnly]) args.push("--ro-bind-try", dir, dir);
  const cwdVisible = [layout.home, layout.nodePrefix, layout.jobDir, ...layout.extraReadOnly, ...SYSTEM_DIRS].some((dir) => inside(layout.cwd, dir));
  if (!cwdVisible) args.push("--ro-bind-try", layout.cwd, layout.cwd);
  for (const name of layout.homeEntries) {
    if (/^\.env(\.|$)/.test(name)) args.push("--ro-bind", "/dev/null", path.join(layout.home, name));
  }
  if (layout.storeFile) {
    const storeDir = path.dirname(layout.storeFile);
    // Hiding a directory that holds the project or Node would hide the job's own code: hide the files instead.
    const holdsCode = [layout.home, layout.nodePrefix, ...SYSTEM_DIRS].some((dir) => inside(dir, storeDir));
    if (!holdsCode) args.push("--tmpfs", storeDir);
    else for (const suffix of ["", "-wal", "-shm", "-journal"]) args.push("--ro-bind-try", "/dev/null", layout.storeFile + suffix);
  }
  args.push("--tmpfs", layout.jobsRoot, "--bind", layout.jobDir, layout.jobDir);
  args.push("--setenv", "TMPDIR", "/tmp", "--chdir", layout.cwd);
  if (layout.network.kind === "forwarded") args.push("--setenv", "HARNESS_LAB_URL", layout.network.innerUrl);
  return args;
}

export interface DashboardRoute {
  /** Where the wrapper (outside) connects. */
  host: string;
  port: number;
  /** HARNESS_LAB_URL inside the sandbox, where sandbox-entry listens on 127.0.0.1:port. */
  innerUrl: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The dashboard's address seen from outside and inside; null when HARNESS_LAB_URL is not an http(s) address. */
export function dashboardRoute(serverUrl: string): DashboardRoute | null {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Inside there is only loopback: a loopback address stays as it is; another host is reached as 127.0.0.1.
  const innerUrl = LOOPBACK.test(url.hostname) ? serverUrl : serverUrl.replace(`//${url.host}`, `//127.0.0.1:${port}`);
  return { host, port, innerUrl };
}

/** The Unix socket in the job directory through which the sandboxed job reaches the dashboard. */
export const DASHBOARD_SOCKET = ".dashboard.sock";

/** What the wrapper is told (one JSON argument): how to start bwrap, and what to forward. */
export interface WrapperSandbox {
  bwrap: string;
  args: string[];
  node: string;
  entry: string;
  socket: string;
  host: string;
  port: number;
}

export const SANDBOX_WARNING =
  "Jobs are NOT confined: a job (and the harness files it runs, which anyone with an ingest token can supply) runs as the dashboard's own user and can read its store, its environment (the admin token) and every file it can. Install bubblewrap (apt-get install -y bubblewrap) and set HARNESS_LAB_JOB_SANDBOX=bwrap.";
