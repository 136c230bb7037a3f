// Issue 36, item 6: a Slurm job's confinement, end to end on the REAL local Slurm (as slurm-jobs.test.ts). Slurm
// runs the batch script as the submitting user — root here, as on many clusters' service accounts — and the
// script starts the command in bubblewrap, dropping to the unprivileged job user. The job tries what an attacker's
// harness code would: read the store, the server's environment (a stand-in process holding an admin token),
// another job's folder and /etc/shadow, and post events to another experiment with its own token. Each attempt
// fails, and the run it reports for itself still lands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { useTempDatabase, waitForJob, readLog, REF_EXPERIMENT } from "./job-test-env";
import { ensureLocalSlurm, startSlurmTestRuntime, type SlurmTestRuntime } from "./slurm-test-runtime";

const where = useTempDatabase("hl-slurmsandbox-");
const { getStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { saveTemplate } = await import("@/lib/services/jobs/templates");
const { applyEvents } = await import("@/db/apply-events");

const SECRET = "admin-secret-of-the-server-environment";
const OTHER_EXPERIMENT = "slurm-sandbox-other";
let runtime: SlurmTestRuntime;
let server: ChildProcess;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];

/** What the job tries; each attempt reported as "ok: …" or "refused: <code>", the API calls by their HTTP status. */
const PROBE = `
const fs = require("fs");
const [serverPid, storeFile, otherJobDir, otherExperiment] = process.argv.slice(1);
const attempt = (f) => { try { return "ok: " + String(f()); } catch (e) { return "refused: " + e.code; } };
const post = async (events) => {
  const res = await fetch(process.env.HARNESS_LAB_URL + "/api/v1/events", { method: "POST", headers: { authorization: "Bearer " + process.env.HARNESS_LAB_TOKEN, "content-type": "application/json" }, body: JSON.stringify(events) });
  return res.status;
};
(async () => {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const run = process.env.HARNESS_LAB_RUN, experiment = process.env.HARNESS_LAB_EXPERIMENT;
  const result = {
    uid: /^Uid:\\s+(\\d+)/m.exec(status)[1],
    capEff: /^CapEff:\\s+(\\S+)/m.exec(status)[1],
    environ: attempt(() => fs.readFileSync("/proc/" + serverPid + "/environ", "latin1")),
    store: attempt(() => fs.readFileSync(storeFile, "latin1").slice(0, 15)),
    otherJob: attempt(() => fs.readdirSync(otherJobDir).join(",")),
    otherJobLog: attempt(() => fs.readFileSync(otherJobDir + "/job.log", "latin1")),
    shadow: attempt(() => fs.readFileSync("/etc/shadow", "latin1").length),
    beyondScope: await post([{ type: "run", id: "sneaky-run", experiment: otherExperiment, kind: "train", status: "running" }]),
    ownRun: await post([{ type: "run", id: run, experiment, kind: "eval", status: "finished" }, { type: "metrics", run, step: 0, values: { "probe/landed": 1 } }]),
  };
  console.log("PROBE " + JSON.stringify(result));
})();
`;

beforeAll(async () => {
  await ensureLocalSlurm(async () => {
    try {
      return /^(idle|mixed|allocated)/m.test(execFileSync("sinfo", ["-h", "-o", "%T"], { encoding: "utf8", timeout: 20_000 })) ? null : "sinfo shows no idle node";
    } catch (error) {
      return `sinfo does not answer: ${(error as Error).message}`;
    }
  }, ["start"]);
  runtime = await startSlurmTestRuntime(store, where, { prefix: "sandbox", trainName: "train on Slurm" });
  server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { env: { ...process.env, HARNESS_LAB_ADMIN_TOKEN: SECRET }, stdio: "ignore" });
  const seeded = applyEvents(store(), [{ type: "experiment", id: OTHER_EXPERIMENT, name: "another lab's experiment", method: "custom" }]);
  if (!seeded.ok) throw new Error(JSON.stringify(seeded.errors));
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  const saved = saveTemplate(store(), {
    id: "slurm-escape", experimentId: REF_EXPERIMENT, actor: admin,
    spec: {
      name: "escape on Slurm", kind: "custom",
      command: ["{node}", "-e", PROBE.replace(/\s*\n\s*/g, " ").replace(/[{}]/g, (c) => c + c), String(server.pid), where.dbFile, "{other_job_dir}", OTHER_EXPERIMENT],
      placeholders: { other_job_dir: { type: "string", pattern: "^[A-Za-z0-9/._-]+$", maxLength: 300 } },
      resources: { executor: "slurm" },
    },
  });
  if (!saved.ok) throw new Error(saved.error);
}, 240_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await runtime?.close();
});

describe("a Slurm job run as root by Slurm", () => {
  it("cannot read the store, the server's environment, another job's folder or /etc/shadow, nor post beyond its experiment — its own run lands", async () => {
    // Another job first, whose folder (log, token file, work folder) the probe then goes after.
    const other = await runtime.launch("sandbox-fails");
    await waitForJob(store(), other.id, ["failed", "succeeded", "lost", "cancelled"], 60_000);
    expect(readLog(store(), other.id)).toContain("bad things");
    const otherJobDir = path.dirname(other.logPath!);

    const job = await runtime.launch("slurm-escape", { other_job_dir: otherJobDir });
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost", "cancelled"], 90_000);
    const log = readLog(store(), job.id);
    expect(jobs.getJob(store(), job.id), log).toMatchObject({ status: "succeeded", exitCode: 0 });
    const line = log.split("\n").find((l) => l.startsWith("PROBE "));
    expect(line, log).toBeDefined();
    const result = JSON.parse(line!.slice(6)) as Record<string, string | number>;
    expect(result).toMatchObject({
      capEff: "0000000000000000",
      environ: "refused: ENOENT", // its own pid namespace
      store: "refused: ENOENT", // the store's folder is an empty tmpfs
      otherJob: "refused: ENOENT", // every job folder is hidden but its own work folder
      otherJobLog: "refused: ENOENT",
      beyondScope: 403,
      ownRun: 200,
    });
    expect(result.shadow).toMatch(/^refused: /);
    if (process.getuid!() === 0) expect(result.uid).toBe("65534");
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain("SQLite format 3");
    expect(log).not.toContain("bad things");
    // The run it reported for itself landed, linked to the job; nothing reached the other experiment.
    const run = `job-${job.id}`;
    expect(rows("SELECT experiment_id AS experiment, job_id AS job, status FROM runs WHERE id = ?", run)).toEqual([{ experiment: REF_EXPERIMENT, job: job.id, status: "finished" }]);
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM metric_points WHERE run_id = ?", run)[0].n).toBe(1);
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM runs WHERE experiment_id = ?", OTHER_EXPERIMENT)[0].n).toBe(0);
  }, 180_000);
});
