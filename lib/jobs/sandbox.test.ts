import { describe, expect, it } from "vitest";
import { bwrapArgs, dashboardRoute, type SandboxLayout } from "./sandbox";

const layout = (overrides: Partial<SandboxLayout> = {}): SandboxLayout => ({
  jobDir: "/srv/hl/data/jobs/j1", cwd: "/srv/hl", home: "/srv/hl", nodePrefix: "/opt/node", storeFile: "/srv/hl/data/harness-lab.db",
  jobsRoot: "/srv/hl/data/jobs", extraReadOnly: [], homeEntries: ["lib", ".env.local", ".envrc-not", ".env"], network: { kind: "forwarded", innerUrl: "http://127.0.0.1:3000" },
  ...overrides,
});
/** The pairs `--flag a b` as "flag a b" strings, in order. */
const mounts = (args: string[]) => args.map((a, i) => (a.startsWith("--") ? [a, args[i + 1], args[i + 2]].join(" ") : null)).filter((m): m is string => m !== null);
const indexOf = (args: string[], text: string) => mounts(args).findIndex((m) => m.startsWith(text));

describe("bwrapArgs", () => {
  it("hides the store's directory and the jobs root, then binds only this job's directory writable (later mounts cover earlier)", () => {
    const args = bwrapArgs(layout());
    expect(args.slice(0, 2)).toEqual(["--unshare-all", "--die-with-parent"]);
    expect(indexOf(args, "--tmpfs /srv/hl/data")).toBeGreaterThan(indexOf(args, "--ro-bind-try /srv/hl /srv/hl"));
    expect(indexOf(args, "--tmpfs /srv/hl/data/jobs")).toBeGreaterThan(indexOf(args, "--tmpfs /srv/hl/data "));
    expect(indexOf(args, "--bind /srv/hl/data/jobs/j1 /srv/hl/data/jobs/j1")).toBeGreaterThan(indexOf(args, "--tmpfs /srv/hl/data/jobs"));
    expect(args.filter((a) => a === "--bind")).toHaveLength(1);
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
