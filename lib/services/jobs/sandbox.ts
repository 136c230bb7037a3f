// How a local job is confined: the HARNESS_LAB_JOB_SANDBOX setting, and the bubblewrap (bwrap) arguments that
// give the job its own pid namespace and /proc (so no other process's /proc/<pid>/environ, e.g. the server's
// admin token), no network but a forwarder to the dashboard, a read-only view of the system, of Node and of the
// project — without the store, its directory, the other jobs or the project's .env files — and only its own
// work folder (plus a private /tmp) writable. Harness files are untrusted code: node:vm is not a boundary.
// Without privileges (issue 36): a server running as root starts bwrap as root (it needs to, to mount the job's
// folder from under the store's owner-only directory) WITHOUT a user namespace — with one, bwrap mapped root to
// root and the job kept every capability, remounted the project read-write and unmounted the store's cover —
// and the first program inside is setpriv, which drops to an unprivileged uid (HARNESS_LAB_JOB_USER) with no
// capabilities, an empty bounding set and no_new_privs before the job's code runs. A server that is not root
// runs bwrap in a user namespace of its own user, which has no privileges to begin with, and forbids nested ones.
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

/** The uid and gid a job runs as when the server is root. */
export interface JobUser {
  uid: number;
  gid: number;
}

/** HARNESS_LAB_JOB_USER: "uid:gid" (numbers, not 0) of jobs started by a server running as root; nobody by default. */
export function jobUserSetting(env: Readonly<Record<string, string | undefined>> = process.env): JobUser {
  const value = env.HARNESS_LAB_JOB_USER?.trim() || "65534:65534";
  const match = /^(\d{1,10}):(\d{1,10})$/.exec(value);
  const uid = Number(match?.[1]);
  const gid = Number(match?.[2]);
  if (!match || uid === 0 || gid === 0 || uid > 0xfffffffe || gid > 0xfffffffe) {
    throw new Error(`HARNESS_LAB_JOB_USER must be "uid:gid", two numbers other than 0 (root), not "${value}"`);
  }
  return { uid, gid };
}

/**
 * The argv prefix, run first inside the sandbox, that leaves root for good: uid, gid and groups of the job user,
 * no inheritable or bounding capabilities (a setuid-root uid change clears the permitted and effective ones), and
 * no_new_privs so no setuid binary gives any back.
 */
export function dropPrivilegesArgv(user: JobUser): string[] {
  return ["/usr/bin/setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"];
}

/** The system directories every job sees read-only (those missing on this machine are skipped by bwrap). */
export const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;

export interface SandboxLayout {
  /** The job's work folder: the only folder it may write, bound at its own path (the job's control files stay outside). */
  workDir: string;
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
  network: { kind: "forwarded"; innerUrl: string; socket: { outside: string; inside: string } } | { kind: "shared" };
  /** bwrap runs as root (the server is root): no user namespace, and the job's argv starts with dropPrivilegesArgv. */
  privileged: boolean;
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/**
 * The namespaces and read-only system every confined job starts from; the probe (sandbox-probe.ts) tries exactly
 * these. Privileged (bwrap as root): every namespace but the user one, which would give the job root's
 * capabilities over its own mounts; the job drops to its user inside (dropPrivilegesArgv). Otherwise a user
 * namespace of the server's own user, nested ones refused, no capability kept.
 */
export function isolationArgs(shareNet = false, privileged = false): string[] {
  const namespaces = privileged
    ? ["--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try", ...(shareNet ? [] : ["--unshare-net"])]
    : ["--unshare-all", ...(shareNet ? ["--share-net"] : []), "--unshare-user", "--disable-userns", "--cap-drop", "ALL"];
  // /tmp is the job's own, writable by whichever uid it runs as.
  const args = [...namespaces, "--die-with-parent", "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"];
  for (const dir of SYSTEM_DIRS) args.push("--ro-bind-try", dir, dir);
  return args;
}

/**
 * Mount points are made by bwrap where they are missing; as root it makes them owner-only, and the job's user
 * could then not pass through them to the project or its work folder. So every folder bwrap would make on the
 * way to a mount is made first, explicitly 0755: the ones in the sandbox's own tmpfs (its root, the cover over
 * the store, the jobs root), never one inside a folder bound from the host.
 */
class MountPlan {
  readonly args: string[];
  private readonly fromHost: string[] = [];
  private readonly made = new Set<string>(["/"]);

  constructor(isolation: string[]) {
    this.args = [...isolation];
    for (let i = 0; i < isolation.length; i++) {
      if (isolation[i] === "--ro-bind-try") this.fromHost.push(isolation[i + 2]);
      if (isolation[i] === "--tmpfs" || isolation[i] === "--proc" || isolation[i] === "--dev") this.made.add(isolation[i + 1]);
    }
  }

  private parents(dest: string): void {
    const chain: string[] = [];
    for (let dir = path.dirname(dest); !this.made.has(dir); dir = path.dirname(dir)) chain.unshift(dir);
    for (const dir of chain) {
      if (!this.fromHost.some((host) => inside(dir, host))) this.args.push("--perms", "0755", "--dir", dir);
      this.made.add(dir);
    }
  }

  /** A host folder (or file) bound at `dest`: read-only (`--ro-bind`, `--ro-bind-try`) or read-write (`--bind`). */
  bind(kind: "--ro-bind-try" | "--ro-bind" | "--bind", source: string, dest: string): void {
    this.parents(dest);
    this.args.push(kind, source, dest);
    if (source === dest) this.fromHost.push(dest);
    this.made.add(dest);
  }

  /** An empty tmpfs over `dest`, hiding what the host has there. */
  tmpfs(dest: string): void {
    this.parents(dest);
    this.args.push("--perms", "0755", "--tmpfs", dest);
    this.made.add(dest);
  }
}

/** bwrap's arguments up to (not including) `--`: order matters — later mounts cover earlier ones. */
export function bwrapArgs(layout: SandboxLayout): string[] {
  const plan = new MountPlan(isolationArgs(layout.network.kind === "shared", layout.privileged));
  for (const dir of [layout.nodePrefix, layout.home, ...layout.extraReadOnly]) plan.bind("--ro-bind-try", dir, dir);
  const cwdVisible = [layout.home, layout.nodePrefix, layout.workDir, ...layout.extraReadOnly, ...SYSTEM_DIRS].some((dir) => inside(layout.cwd, dir));
  if (!cwdVisible) plan.bind("--ro-bind-try", layout.cwd, layout.cwd);
  for (const name of layout.homeEntries) {
    if (/^\.env(\.|$)/.test(name)) plan.bind("--ro-bind", "/dev/null", path.join(layout.home, name));
  }
  if (layout.storeFile) {
    const storeDir = path.dirname(layout.storeFile);
    // Hiding a directory that holds the project or Node would hide the job's own code: hide the files instead.
    const holdsCode = [layout.home, layout.nodePrefix, ...SYSTEM_DIRS].some((dir) => inside(dir, storeDir));
    if (!holdsCode) plan.tmpfs(storeDir);
    else for (const suffix of ["", "-wal", "-shm", "-journal"]) plan.bind("--ro-bind-try", "/dev/null", layout.storeFile + suffix);
  }
  // Every job folder hidden, this job's control files (log, exit status, spec, token) included; its work folder bound.
  plan.tmpfs(layout.jobsRoot);
  plan.bind("--bind", layout.workDir, layout.workDir);
  const { args } = plan;
  if (layout.network.kind === "forwarded") {
    plan.bind("--ro-bind", layout.network.socket.outside, layout.network.socket.inside);
    args.push("--setenv", "HARNESS_LAB_URL", layout.network.innerUrl);
  }
  // The server's HOME is neither visible nor the job's to write: its work folder is.
  args.push("--setenv", "TMPDIR", "/tmp", "--setenv", "HOME", layout.workDir, "--chdir", layout.cwd);
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

/**
 * The Unix socket through which the sandboxed job reaches the dashboard: the wrapper listens on it in the job's
 * control folder (out of the job's reach) and it is bound into the sandbox at DASHBOARD_SOCKET_INSIDE.
 */
export const DASHBOARD_SOCKET = ".dashboard.sock";
export const DASHBOARD_SOCKET_INSIDE = "/run/harness-lab/dashboard.sock";

/** What the wrapper is told (one JSON argument): how to start bwrap, and what to forward. */
export interface WrapperSandbox {
  bwrap: string;
  args: string[];
  /** Run inside before sandbox-entry: dropPrivilegesArgv when the server is root, else nothing. */
  drop: string[];
  node: string;
  entry: string;
  /** Where the wrapper listens (outside), and where sandbox-entry connects (inside). */
  socket: string;
  innerSocket: string;
  /** The user the job runs as when the server is root (null otherwise): its work folder and the socket are given to it. */
  jobUser: JobUser | null;
  host: string;
  port: number;
}

export const SANDBOX_WARNING =
  "Jobs are NOT confined: a job (and the harness files it runs, which anyone with an ingest token can supply) runs as the dashboard's own user and can read its store, its environment (the admin token) and every file it can. Install bubblewrap (apt-get install -y bubblewrap) and set HARNESS_LAB_JOB_SANDBOX=bwrap.";
