// Local jobs run confined by the real bubblewrap (issue 13): a job that tries to read the server's environment
// (/proc/<pid>/environ of a stand-in server process holding an admin token), the store, to write outside its job
// directory, or to reach another loopback port is refused — while the dashboard (HARNESS_LAB_URL, the test's
// HTTP server) stays reachable. The same job run with HARNESS_LAB_JOB_SANDBOX=none gets all of it (the hole).
// And the settings: bwrap required but unusable fails the job with the reason; auto runs unconfined, warned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import net from "node:net";
import { spawn, type ChildProcess } from "node:child_process";
import { startJobTestEnv, useTempDatabase, waitForJob, readLog, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";

const where = useTempDatabase("hl-jobsandbox-");
const { getStore, closeStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { saveTemplate } = await import("@/lib/services/jobs/templates");
const { sandboxStatus, sandboxWarning } = await import("@/lib/services/jobs/sandbox-probe");
const { sandboxMode } = await import("@/lib/services/jobs/sandbox");

const SECRET = "admin-secret-visible-only-in-the-server-environment";
/** A host file (owner-only, beside the store) that the job names as the target of a link it plants. */
const HOST_FILE = `${where.dir}/host-file.txt`;
const HOST_CONTENT = "a host file nobody but the server writes\n";
let env: JobTestEnv;
/** Stands in for the dashboard's process: the admin token in its environment (/proc/<pid>/environ). */
let server: ChildProcess;
let other: net.Server;
let otherPort = 0;
let otherConnections = 0;

/** What the job tries, each reported as "ok: …" or the error's code, in one JSON line. */
const PROBE = `
const fs = require("fs"), net = require("net"), cp = require("child_process"), path = require("path");
const [serverPid, storeFile, outside, otherPort, hostFile] = process.argv.slice(1);
const jobDir = process.env.HARNESS_LAB_JOB_DIR, home = process.cwd();
const attempt = (f) => { try { return "ok: " + String(f()); } catch (e) { return "refused: " + e.code; } };
const run = (cmd, args) => { const r = cp.spawnSync(cmd, args, { encoding: "utf8" }); return r.error ? "refused: " + r.error.code : r.status === 0 ? "ok" : "refused: exit " + r.status; };
(async () => {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const result = {
    uid: /^Uid:\\s+(\\d+)/m.exec(status)[1],
    capEff: /^CapEff:\\s+(\\S+)/m.exec(status)[1],
    environ: attempt(() => fs.readFileSync("/proc/" + serverPid + "/environ", "latin1")),
    store: attempt(() => fs.readFileSync(storeFile, "latin1")),
    write: attempt(() => { fs.writeFileSync(outside, "escaped"); return "written"; }),
    jobDir: attempt(() => { fs.writeFileSync(jobDir + "/mine.txt", "mine"); return "written"; }),
    shadow: attempt(() => fs.readFileSync("/etc/shadow", "latin1").length),
    exitLink: attempt(() => { fs.rmSync(jobDir + "/exit.json.tmp", { force: true }); fs.symlinkSync(hostFile, jobDir + "/exit.json.tmp"); return "planted"; }),
    fifo: attempt(() => { fs.rmSync(jobDir + "/job.log", { force: true }); cp.execFileSync("mkfifo", [jobDir + "/job.log"]); return "planted"; }),
    remount: run("mount", ["-o", "remount,bind,rw", home]),
    homeWrite: attempt(() => { fs.writeFileSync(path.join(home, ".escaped-by-job"), "x"); return "written"; }),
    umount: run("umount", ["-l", path.dirname(storeFile)]),
  };
  result.storeAfterUmount = attempt(() => fs.readFileSync(storeFile, "latin1").slice(0, 15));
  result.otherPort = await new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port: Number(otherPort) });
    s.on("connect", () => { s.destroy(); resolve("ok: connected"); });
    s.on("error", (e) => resolve("refused: " + e.code));
  });
  try {
    const res = await fetch(process.env.HARNESS_LAB_URL + "/api/v1/events");
    result.dashboard = "ok: HTTP " + res.status + " " + (await res.text());
  } catch (e) {
    result.dashboard = "refused: " + (e.cause?.code ?? e.message);
  }
  console.log("PROBE " + JSON.stringify(result));
  await new Promise((resolve) => setTimeout(resolve, 1500));
})();
`;

/**
 * Watches every job directory for a FIFO planted as a job's log and reports whether anyone (the server) opened it
 * for reading: a write-open with O_NONBLOCK succeeds only while a reader has it open or waits in open(). It then
 * closes at once, which also frees a server blocked there, so a regression fails this test instead of hanging it.
 */
const FIFO_WATCH = `
const fs = require("fs"), path = require("path");
const root = process.argv[1];
setInterval(() => {
  let ids = [];
  try { ids = fs.readdirSync(root); } catch {}
  for (const id of ids) for (const candidate of [path.join(root, id, "job.log"), path.join(root, id, "work", "job.log")]) {
    try {
      if (!fs.lstatSync(candidate).isFIFO()) continue;
      const fd = fs.openSync(candidate, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      fs.closeSync(fd);
      console.log("READER " + candidate);
    } catch {}
  }
}, 50);
`;

let fifoWatch: ChildProcess;
let fifoReport = "";

beforeAll(async () => {
  env = await startJobTestEnv(getStore(), where);
  fs.writeFileSync(HOST_FILE, HOST_CONTENT, { mode: 0o600 });
  fifoWatch = spawn(process.execPath, ["-e", FIFO_WATCH, env.jobsRoot], { stdio: ["ignore", "pipe", "inherit"] });
  fifoWatch.stdout!.on("data", (chunk: Buffer) => (fifoReport += chunk.toString()));
  server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { env: { ...process.env, HARNESS_LAB_ADMIN_TOKEN: SECRET }, stdio: "ignore" });
  other = net.createServer((socket) => {
    otherConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherPort = (other.address() as net.AddressInfo).port;
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  const saved = saveTemplate(getStore(), {
    id: "escape", experimentId: REF_EXPERIMENT, actor: admin,
    spec: {
      name: "escape", kind: "custom",
      command: ["{node}", "-e", PROBE.replace(/\s*\n\s*/g, " ").replace(/[{}]/g, (c) => c + c), String(server.pid), where.dbFile, "{outside}", String(otherPort), HOST_FILE],
      placeholders: { outside: { type: "string", pattern: "^[A-Za-z0-9/._-]+$", maxLength: 200 } },
      resources: {},
    },
  });
  if (!saved.ok) throw new Error(saved.error);
}, 60_000);

afterAll(async () => {
  await jobs.jobRuntime(getStore()).stop();
  server.kill("SIGKILL");
  fifoWatch.kill("SIGKILL");
  fs.rmSync(`${process.cwd()}/.escaped-by-job`, { force: true });
  await new Promise<void>((resolve) => other.close(() => resolve()));
  await env.close();
  closeStore();
  fs.rmSync(where.dir, { recursive: true, force: true });
});

async function runProbe(sandboxEnv: Record<string, string>) {
  const store = getStore();
  // Started polling as in the server: the pass after the job's exit may find bubblewrap's processes still going
  // away, and only a later pass finishes the job (test/security/unreviewed-harness.test.ts saw it hang without one).
  jobs.configureJobRuntime(store, { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 100, sandbox: sandboxStatus(sandboxEnv) }).start();
  const outside = `${where.dir}/outside-${Date.now()}.txt`;
  const launched = await jobs.launchJob(store, { templateId: "escape", params: { outside }, actor: env.reviewer, experimentId: REF_EXPERIMENT });
  if (!launched.ok) throw new Error(launched.error);
  await waitForJob(store, launched.job.id, ["succeeded", "failed", "lost"], 30_000);
  const log = readLog(store, launched.job.id);
  const line = log.split("\n").find((l) => l.startsWith("PROBE "));
  return { job: jobs.getJob(store, launched.job.id)!, log, outside, result: line ? (JSON.parse(line.slice(6)) as Record<string, string>) : null };
}

describe("a confined job (HARNESS_LAB_JOB_SANDBOX=bwrap, the real bubblewrap)", () => {
  it("cannot read the server's environment or the store, write outside its directory, or reach another port — the dashboard it can", async () => {
    const before = otherConnections;
    const { job, log, outside, result } = await runProbe({ HARNESS_LAB_JOB_SANDBOX: "bwrap" });
    expect(job.status, log).toBe("succeeded");
    expect(result).toMatchObject({
      environ: "refused: ENOENT", // its own pid namespace: the server's process does not exist there
      store: "refused: ENOENT", // the store's directory is an empty tmpfs
      jobDir: "ok: written",
      otherPort: "refused: ECONNREFUSED", // its own network: only the dashboard is forwarded
    });
    expect(result!.write).toMatch(/^refused: |^ok: written$/); // written, if at all, to its private tmpfs…
    expect(fs.existsSync(outside)).toBe(false); // …never where the server would see it
    expect(result!.dashboard).toMatch(/^ok: HTTP 404 .*not served here/);
    expect(otherConnections).toBe(before);
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain("SQLite format 3");
  });

  // Issue 36, finding 1: as root, bwrap kept every capability in a user namespace mapping root to root; the job
  // remounted the project read-write, unmounted the tmpfs over the store and read /etc/shadow.
  it("runs without privileges: no capabilities, no remount of the project, no umount of the store's cover, no /etc/shadow", async () => {
    const { job, log, result } = await runProbe({ HARNESS_LAB_JOB_SANDBOX: "bwrap" });
    expect(job.status, log).toBe("succeeded");
    expect(result!.capEff).toBe("0000000000000000");
    if (process.getuid!() === 0) expect(result!.uid).not.toBe("0"); // the server is root: the job is not
    expect(result!.remount).toMatch(/^refused: /);
    expect(result!.homeWrite).toMatch(/^refused: /);
    expect(fs.existsSync(`${process.cwd()}/.escaped-by-job`)).toBe(false);
    expect(result!.umount).toMatch(/^refused: /);
    expect(result!.storeAfterUmount).toMatch(/^refused: /);
    expect(result!.shadow).toMatch(/^refused: /);
    expect(log).not.toContain("SQLite format 3");
  });

  // Issue 36, findings 2 and 3: the wrapper wrote exit.json.tmp in the job's own folder through a link the job had
  // planted (a host file overwritten), and the server opened a FIFO planted as job.log, blocking its main thread.
  it("plants a link and a FIFO in its folder: no host file changes, nobody reads the FIFO, the job's end and log are recorded", async () => {
    fifoReport = "";
    const { job, log, result } = await runProbe({ HARNESS_LAB_JOB_SANDBOX: "bwrap" });
    expect(result).toMatchObject({ exitLink: "ok: planted", fifo: "ok: planted" });
    expect(job.status, log).toBe("succeeded");
    expect(job.exitCode).toBe(0);
    expect(fs.readFileSync(HOST_FILE, "utf8")).toBe(HOST_CONTENT);
    expect(fifoReport).toBe("");
    expect(log).toContain("PROBE ");
  });
});

describe("the sandbox settings", () => {
  it("with HARNESS_LAB_JOB_SANDBOX=none the same job gets everything (the hole the sandbox closes), and it is warned", async () => {
    const { job, outside, result } = await runProbe({ HARNESS_LAB_JOB_SANDBOX: "none" });
    expect(job.status).toBe("succeeded");
    expect(result!.environ).toContain(SECRET);
    expect(result!.store).toContain("SQLite format 3");
    expect(fs.existsSync(outside)).toBe(true);
    expect(result!.otherPort).toBe("ok: connected");
    expect(sandboxWarning(sandboxStatus({ HARNESS_LAB_JOB_SANDBOX: "none" }))).toMatch(/HARNESS_LAB_JOB_SANDBOX=none turns the job sandbox off\. Jobs are NOT confined/);
  });

  it("bwrap required where it cannot run: the job fails at start with the reason, nothing runs", async () => {
    const unusable = { HARNESS_LAB_JOB_SANDBOX: "bwrap", HARNESS_LAB_BWRAP: "/nonexistent/bwrap" };
    const { job, result } = await runProbe(unusable);
    expect(job.status).toBe("failed");
    expect(job.statusReason).toMatch(/^the job sandbox is required \(HARNESS_LAB_JOB_SANDBOX=bwrap\), but \/nonexistent\/bwrap cannot be run/);
    expect(result).toBeNull();
    expect(sandboxWarning(sandboxStatus(unusable))).toMatch(/^Local jobs cannot start: HARNESS_LAB_JOB_SANDBOX=bwrap/);
  });

  it("auto: confined where bwrap runs (no warning); unconfined and warned loudly where it does not", async () => {
    expect(sandboxStatus({})).toMatchObject({ mode: "auto", confined: true, problem: null });
    expect(sandboxWarning(sandboxStatus({}))).toBeNull();
    const without = { HARNESS_LAB_BWRAP: "/nonexistent/bwrap" };
    expect(sandboxStatus(without)).toMatchObject({ mode: "auto", confined: false });
    expect(sandboxWarning(sandboxStatus(without))).toMatch(/cannot be run: .*Jobs are NOT confined.*apt-get install -y bubblewrap/);
    const { job, result } = await runProbe(without);
    expect(job.status).toBe("succeeded");
    expect(result!.environ).toContain(SECRET);
  });

  it("refuses an unknown setting, naming the variable and the choices", () => {
    expect(() => sandboxMode({ HARNESS_LAB_JOB_SANDBOX: "firejail" })).toThrow('HARNESS_LAB_JOB_SANDBOX must be auto, bwrap, none, not "firejail"');
  });
});
