import { describe, expect, it } from "vitest";
import { bwrapArgs, dashboardRoute, dropPrivilegesArgv, jobUserSetting, type SandboxLayout } from "./sandbox";

const socket = { outside: "/srv/hl/data/jobs/j1/.dashboard.sock", inside: "/run/harness-lab/dashboard.sock" };
const layout = (overrides: Partial<SandboxLayout> = {}): SandboxLayout => ({
  workDir: "/srv/hl/data/jobs/j1/work", cwd: "/srv/hl", home: "/srv/hl", nodePrefix: "/opt/node", storeFile: "/srv/hl/data/harness-lab.db",
  jobsRoot: "/srv/hl/data/jobs", extraReadOnly: [], homeEntries: ["lib", ".env.local", ".envrc-not", ".env"],
  network: { kind: "forwarded", innerUrl: "http://127.0.0.1:3000", socket }, privileged: false,
  ...overrides,
});
/** The pairs `--flag a b` as "flag a b" strings, in order. */
const mounts = (args: string[]) => args.map((a, i) => (a.startsWith("--") ? [a, args[i + 1], args[i + 2]].join(" ") : null)).filter((m): m is string => m !== null);
const indexOf = (args: string[], text: string) => mounts(args).findIndex((m) => m.startsWith(text));

describe("bwrapArgs", () => {
  it("hides the store's directory and the jobs root, then binds only this job's work folder writable (later mounts cover earlier)", () => {
    const args = bwrapArgs(layout());
    expect(args.slice(0, 7)).toEqual(["--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--die-with-parent", "--proc"]);
    expect(indexOf(args, "--tmpfs /srv/hl/data")).toBeGreaterThan(indexOf(args, "--ro-bind-try /srv/hl /srv/hl"));
    expect(indexOf(args, "--tmpfs /srv/hl/data/jobs")).toBeGreaterThan(indexOf(args, "--tmpfs /srv/hl/data "));
    expect(indexOf(args, "--bind /srv/hl/data/jobs/j1/work /srv/hl/data/jobs/j1/work")).toBeGreaterThan(indexOf(args, "--tmpfs /srv/hl/data/jobs"));
    // The job's control folder (log, exit status) is never bound; the dashboard's socket is, read-only, elsewhere.
    expect(args.filter((a) => a === "--bind")).toHaveLength(1);
    expect(args).not.toContain("/srv/hl/data/jobs/j1");
    expect(mounts(args)).toContain(`--ro-bind ${socket.outside} ${socket.inside}`);
    expect(mounts(args)).toContain("--setenv HOME /srv/hl/data/jobs/j1/work");
    expect(mounts(args)).toContain("--ro-bind /dev/null /srv/hl/.env.local");
    expect(mounts(args)).toContain("--ro-bind /dev/null /srv/hl/.env");
    expect(args.join(" ")).not.toContain(".envrc-not");
    expect(mounts(args)).toContain("--setenv HARNESS_LAB_URL http://127.0.0.1:3000");
  });

  it("hides the store's files, not its directory, when that directory holds the project", () => {
    const args = bwrapArgs(layout({ storeFile: "/srv/harness-lab.db" }));
    expect(args.join(" ")).not.toContain("--tmpfs /srv ");
    for (const suffix of ["", "-wal", "-shm"]) expect(mounts(args)).toContain(`--ro-bind-try /dev/null /srv/harness-lab.db${suffix}`);
  });

  it("shares the node's network for Slurm and leaves HARNESS_LAB_URL alone", () => {
    const args = bwrapArgs(layout({ network: { kind: "shared" } }));
    expect(args.slice(0, 2)).toEqual(["--unshare-all", "--share-net"]);
    expect(args).not.toContain("HARNESS_LAB_URL");
    expect(bwrapArgs(layout({ network: { kind: "shared" }, privileged: true }))).not.toContain("--unshare-net");
  });

  // Issue 36: bwrap started by root with --unshare-all made a user namespace mapping root to root, in which the
  // job kept every capability. As root there is no user namespace; the job drops its privileges inside instead.
  it("as root: every namespace but the user one, and /tmp writable by the job user", () => {
    const args = bwrapArgs(layout({ privileged: true }));
    expect(args).not.toContain("--unshare-all");
    expect(args).not.toContain("--unshare-user");
    for (const ns of ["--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-net"]) expect(args).toContain(ns);
    expect(mounts(args)).toContain("--perms 1777 --tmpfs");
  });
});

describe("dropping privileges", () => {
  it("runs setpriv to the job user with no capabilities left and no way back", () => {
    expect(dropPrivilegesArgv({ uid: 65534, gid: 65534 })).toEqual([
      "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
    ]);
  });

  it("reads HARNESS_LAB_JOB_USER as uid:gid, nobody by default, never root", () => {
    expect(jobUserSetting({})).toEqual({ uid: 65534, gid: 65534 });
    expect(jobUserSetting({ HARNESS_LAB_JOB_USER: "2001:2002" })).toEqual({ uid: 2001, gid: 2002 });
    for (const bad of ["0:0", "1000:0", "nobody", "1000", "-1:5"]) {
      expect(() => jobUserSetting({ HARNESS_LAB_JOB_USER: bad })).toThrow(`HARNESS_LAB_JOB_USER must be "uid:gid", two numbers other than 0 (root), not "${bad}"`);
    }
  });
});

describe("dashboardRoute", () => {
  it("keeps a loopback address and reaches any other host as 127.0.0.1 on its port inside", () => {
    expect(dashboardRoute("http://127.0.0.1:3000")).toEqual({ host: "127.0.0.1", port: 3000, innerUrl: "http://127.0.0.1:3000" });
    expect(dashboardRoute("http://localhost:8080/base")).toEqual({ host: "localhost", port: 8080, innerUrl: "http://localhost:8080/base" });
    expect(dashboardRoute("http://[::1]:3000")).toMatchObject({ host: "::1", port: 3000 });
    expect(dashboardRoute("http://dash.example:3000")).toEqual({ host: "dash.example", port: 3000, innerUrl: "http://127.0.0.1:3000" });
    expect(dashboardRoute("https://dash.example")).toMatchObject({ port: 443, innerUrl: "https://127.0.0.1:443" });
    expect(dashboardRoute("file:///etc/passwd")).toBeNull();
    expect(dashboardRoute("not a url")).toBeNull();
  });
});
