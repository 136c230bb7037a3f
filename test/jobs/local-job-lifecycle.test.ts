// A local job's life with small script jobs: cancel (politely, and against a job that ignores SIGTERM and
// leaves a grandchild), a dashboard restart (the job is found again by pid + start time; one killed meanwhile
// is marked lost), the queue's slots, exit codes, and launches refused before anything is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startJobTestEnv, useTempDatabase, waitForJob, readLog, H0, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";

const where = useTempDatabase("hl-joblife-");
const { getStore, closeStore, openStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { livingGroupMembers, parseIdentity } = await import("@/lib/services/jobs/process-identity");
const { saveTemplate } = await import("@/lib/services/jobs/templates");
type Store = ReturnType<typeof openStore>;

let env: JobTestEnv;
const opened: Store[] = [];
/** A "server process": its own connection to the database and its own job runtime. */
function server(slots = 2): Store {
  const store = openStore(where.dbFile);
  opened.push(store);
  jobs.configureJobRuntime(store, { jobsRoot: env.jobsRoot, serverUrl: env.url, graceMs: 1000, pollMs: 100, slots });
  return store;
}
const count = (store: Store, sql: string, ...params: unknown[]) => (store.sqlite.prepare(sql).get(...params) as { n: number }).n;

beforeAll(async () => {
  env = await startJobTestEnv(getStore(), where);
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  const script = (id: string, code: string, resources: object = {}) => {
    const saved = saveTemplate(getStore(), {
      id, experimentId: REF_EXPERIMENT, actor: admin,
      spec: { name: id, kind: "custom", command: ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c), "{seconds}"], placeholders: { seconds: { type: "repeats", default: 1 } }, resources },
    });
    if (!saved.ok) throw new Error(saved.error);
  };
  script("sleeper", `console.log(JSON.stringify({harness_lab_progress:0.5,message:"half"})); setTimeout(() => console.log("slept"), Number(process.argv[1]) * 1000)`);
  // Ignores SIGTERM and leaves a grandchild in its process group that ignores it too: only SIGKILL ends them.
  script("stubborn", `process.on("SIGTERM", () => console.log("ignoring SIGTERM")); require("child_process").spawn(process.execPath, ["-e", "process.on('SIGTERM',()=>{}); setInterval(()=>{}, 1000)"], { stdio: "inherit" }); console.log("started"); setInterval(() => {}, 1000)`);
  script("fails", `console.error("bad things"); process.exit(3)`);
  script("limited", `setTimeout(() => {}, Number(process.argv[1]) * 1000)`, { timeLimitMinutes: 1 });
}, 60_000);

afterAll(async () => {
  for (const store of opened) {
    await jobs.jobRuntime(store).stop();
    store.sqlite.close();
  }
  await env.close();
  closeStore();
  fs.rmSync(where.dir, { recursive: true, force: true });
});

async function launch(store: Store, templateId: string, params: Record<string, unknown> = {}) {
  const result = await jobs.launchJob(store, { templateId, params, actor: env.reviewer, experimentId: REF_EXPERIMENT });
  if (!result.ok) throw new Error(result.error);
  return result.job;
}

function pgidOf(store: Store, jobId: string): number {
  return parseIdentity(jobs.getJob(store, jobId)!.externalId)!.pid;
}

describe("cancel", () => {
  it("ends a job that stops on SIGTERM as cancelled, by whom, within the grace period", async () => {
    const store = server();
    jobs.startJobSupervisor(store);
    const job = await launch(store, "sleeper", { seconds: 60 });
    await waitForJob(store, job.id, ["running"]);
    const pgid = pgidOf(store, job.id);
    const cancelled = await jobs.cancelJob(store, { jobId: job.id, actor: env.reviewer });
    expect(cancelled.ok).toBe(true);
    await waitForJob(store, job.id, ["cancelled"], 5_000);
    expect(jobs.getJob(store, job.id)!.statusReason).toBe("cancelled by rita");
    expect(livingGroupMembers(pgid)).toEqual([]);
    expect(await jobs.cancelJob(store, { jobId: job.id, actor: env.reviewer })).toMatchObject({ ok: false, status: 409 });
  });

  it("SIGKILLs the whole process group after the grace period when the job ignores SIGTERM", async () => {
    const store = opened[0];
    const job = await launch(store, "stubborn");
    await waitForJob(store, job.id, ["running"]);
    const pgid = pgidOf(store, job.id);
    for (let i = 0; i < 50 && !readLog(store, job.id).includes("started"); i++) await new Promise((r) => setTimeout(r, 100));
    // wrapper, job, grandchild (and, confined, bwrap and sandbox-entry between the wrapper and the job)
    expect(livingGroupMembers(pgid).length).toBeGreaterThanOrEqual(3);
    const started = Date.now();
    await jobs.cancelJob(store, { jobId: job.id, actor: env.reviewer });
    await waitForJob(store, job.id, ["cancelled"], 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(livingGroupMembers(pgid)).toEqual([]);
    expect(readLog(store, job.id)).toContain("ignoring SIGTERM");
  });

  it("is refused to a viewer, and ends a queued job at once", async () => {
    const store = opened[0];
    const job = await launch(store, "sleeper", { seconds: 30 });
    expect(await jobs.cancelJob(store, { jobId: job.id, actor: env.viewer })).toMatchObject({ ok: false, status: 403 });
    await jobs.cancelJob(store, { jobId: job.id, actor: env.reviewer });
    await waitForJob(store, job.id, ["cancelled"], 5_000);
    await jobs.jobRuntime(store).stop();
  });
});

describe("a dashboard restart", () => {
  it("finds a running job again (same pid, same start time) and records its exit code when it ends", async () => {
    const first = server();
    jobs.startJobSupervisor(first);
    const job = await launch(first, "sleeper", { seconds: 3 });
    await waitForJob(first, job.id, ["running"]);
    await jobs.jobRuntime(first).stop(); // the server goes away; the job does not

    const second = server();
    const report = await jobs.recoverJobs(second);
    expect(report.active).toContainEqual({ id: job.id, status: "running", executor: "local" });
    jobs.startJobSupervisor(second);
    await waitForJob(second, job.id, ["succeeded", "failed", "lost"], 15_000);
    expect(jobs.getJob(second, job.id)).toMatchObject({ status: "succeeded", exitCode: 0, progress: 0.5, progressMessage: "half" });
    await jobs.jobRuntime(second).stop();
  });

  it("marks a job whose process died meanwhile (without a word) as lost, with the reason", async () => {
    const first = server();
    jobs.startJobSupervisor(first);
    const job = await launch(first, "sleeper", { seconds: 60 });
    await waitForJob(first, job.id, ["running"]);
    await jobs.jobRuntime(first).stop();
    process.kill(-pgidOf(first, job.id), "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));

    const report = await jobs.recoverJobs(server());
    expect(report.ended).toEqual([{ id: job.id, status: "lost", reason: expect.stringMatching(/^process \d+ (no longer exists|has exited) without recording how it ended/) }]);
  });
});

describe("the queue and exit codes", () => {
  it("runs no more jobs than its slots; the rest wait, oldest first", async () => {
    const store = server(1);
    jobs.startJobSupervisor(store);
    const a = await launch(store, "sleeper", { seconds: 2 });
    const b = await launch(store, "sleeper", { seconds: 1 });
    expect(jobs.getJob(store, a.id)!.status).toBe("running");
    expect(jobs.getJob(store, b.id)!.status).toBe("queued");
    await waitForJob(store, b.id, ["succeeded"], 20_000);
    expect(jobs.getJob(store, b.id)!.startedAt!).toBeGreaterThanOrEqual(jobs.getJob(store, a.id)!.finishedAt! - 50);
  });

  it("starts a job that was still queued when the dashboard restarted, with a fresh token (the first one's secret is gone)", async () => {
    const first = opened[opened.length - 1];
    const a = await launch(first, "sleeper", { seconds: 2 });
    const b = await launch(first, "sleeper", { seconds: 1 });
    expect(jobs.getJob(first, b.id)!.status).toBe("queued");
    await jobs.jobRuntime(first).stop();

    const second = server(1);
    jobs.startJobSupervisor(second);
    await waitForJob(second, b.id, ["succeeded", "failed", "lost"], 20_000);
    expect(jobs.getJob(second, a.id)!.status).toBe("succeeded");
    expect(jobs.getJob(second, b.id)!.status).toBe("succeeded");
    const tokens = second.sqlite.prepare("SELECT revoked_at FROM api_tokens WHERE job_id = ? ORDER BY created_at").all(b.id) as { revoked_at: number | null }[];
    expect(tokens).toHaveLength(2);
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true);
  });

  it("records a failing job's exit code and keeps its stderr in the log", async () => {
    const store = opened[opened.length - 1];
    const job = await launch(store, "fails");
    await waitForJob(store, job.id, ["failed"]);
    expect(jobs.getJob(store, job.id)).toMatchObject({ exitCode: 3, statusReason: "exit code 3" });
    expect(readLog(store, job.id)).toContain("bad things");
    const tail = jobs.tailLog(store, job.id, 0);
    expect(tail).toMatchObject({ ok: true, text: "bad things\n", done: true });
    expect(jobs.tailLog(store, job.id, 4)).toMatchObject({ ok: true, text: "things\n", nextOffset: 11 });
    expect(jobs.tailLog(store, job.id, -1)).toMatchObject({ ok: false, status: 400 });
    expect(jobs.tailLog(store, "nope", 0)).toMatchObject({ ok: false, status: 404 });
    await jobs.jobRuntime(store).stop();
  });
});

describe("following the log", () => {
  it("yields the log as it grows and stops when the job has ended", async () => {
    const store = server();
    jobs.startJobSupervisor(store);
    const job = await launch(store, "sleeper", { seconds: 1 });
    let text = "";
    for await (const chunk of jobs.followLog(store, job.id, { intervalMs: 50 })) text += chunk.text;
    expect(text).toBe(`${JSON.stringify({ harness_lab_progress: 0.5, message: "half" })}\nslept\n`);
    expect(jobs.getJob(store, job.id)!.status).toBe("succeeded");
    await jobs.jobRuntime(store).stop();
  });
});

describe("a log that is not a regular file", () => {
  // Issue 36, finding 3: a FIFO where the log was blocked the server's main thread in open(). The job can no
  // longer reach its log; should anything else put a FIFO there, the log is opened without blocking, refused,
  // and the job ends failed, saying why.
  it("ends the job as failed with the reason, and its log answers 409 instead of blocking", async () => {
    const store = server();
    jobs.startJobSupervisor(store);
    const job = await launch(store, "limited", { seconds: 60 });
    await waitForJob(store, job.id, ["running"]);
    fs.rmSync(job.logPath!);
    execFileSync("mkfifo", [job.logPath!]);
    await waitForJob(store, job.id, ["failed", "succeeded", "cancelled", "lost"], 10_000);
    expect(jobs.getJob(store, job.id)).toMatchObject({ status: "failed", statusReason: "the job's log is not a regular file (something replaced it)" });
    expect(jobs.tailLog(store, job.id)).toEqual({ ok: false, status: 409, error: "the job's log is not a regular file (something replaced it)" });
    await jobs.jobRuntime(store).stop();
  });
});

describe("the time limit", () => {
  it("ends a local job that runs past its template's time limit as failed, saying so", async () => {
    const store = server();
    jobs.startJobSupervisor(store);
    const job = await launch(store, "limited", { seconds: 60 });
    await waitForJob(store, job.id, ["running"]);
    // Pretend it started two minutes ago rather than wait one real minute.
    store.sqlite.prepare("UPDATE jobs SET started_at = ? WHERE id = ?").run(Date.now() - 120_000, job.id);
    await waitForJob(store, job.id, ["failed", "succeeded", "cancelled", "lost"], 10_000);
    expect(jobs.getJob(store, job.id)).toMatchObject({ status: "failed", statusReason: "time limit of 1 min exceeded" });
    await jobs.jobRuntime(store).stop();
  });
});

describe("a launch that is refused records nothing", () => {
  const before = () => ({ jobs: count(getStore(), "SELECT count(*) AS n FROM jobs"), dirs: fs.existsSync(env.jobsRoot) ? fs.readdirSync(env.jobsRoot).length : 0 });

  it("names every bad parameter and the reason", async () => {
    const was = before();
    const result = await jobs.launchJob(getStore(), { templateId: "reference-train-epoch", params: { harness_version: "nope", epoch: "0", seed: "1; rm -rf /" }, actor: env.reviewer, experimentId: REF_EXPERIMENT });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.problems).toEqual([
      { param: "harness_version", message: 'harness version "nope" does not exist in this experiment' },
      { param: "epoch", message: "must be between 1 and 1000" },
      { param: "seed", message: "must be a whole number (digits only)" },
    ]);
    expect(before()).toEqual(was);
  });

  it("refuses viewers, a missing experiment, and an unknown template", async () => {
    const was = before();
    expect(await jobs.launchJob(getStore(), { templateId: "reference-train-epoch", params: { harness_version: H0 }, actor: env.viewer, experimentId: REF_EXPERIMENT })).toMatchObject({ ok: false, status: 403 });
    expect(await jobs.launchJob(getStore(), { templateId: "reference-train-epoch", params: { harness_version: H0 }, actor: env.reviewer })).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/^experimentId:/) });
    expect(await jobs.launchJob(getStore(), { templateId: "nope", params: {}, actor: env.reviewer, experimentId: REF_EXPERIMENT })).toMatchObject({ ok: false, status: 404 });
    const jobToken = { kind: "token" as const, id: "t", scopes: ["admin" as const], jobId: "some-job" };
    expect(await jobs.launchJob(getStore(), { templateId: "sleeper", params: {}, actor: jobToken })).toMatchObject({ ok: false, status: 403, error: "a job's token cannot launch or cancel jobs" });
    expect(before()).toEqual(was);
  });

  it("refuses a harness version whose stored file path would escape the job directory", async () => {
    const store = getStore();
    // Ingestion refuses such paths; this one arrives as an older store or a hand edit would bring it.
    store.sqlite.prepare("INSERT INTO blobs (hash, size, content) VALUES ('evil', 4, 'evil')").run();
    store.sqlite.prepare("INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES ('evil-h', ?, 'Hx', 'manual', 'x', 0)").run(REF_EXPERIMENT);
    store.sqlite.prepare("INSERT INTO harness_files (harness_version_id, path, blob_hash, kind) VALUES ('evil-h', '../../../escape.js', 'evil', 'tool')").run();
    const was = before();
    // Stored without a recorded arrival, it is unreviewed: the reviewer confirms it, and the path is still refused.
    const result = await jobs.launchJob(store, { templateId: "reference-evaluate", params: { harness_version: "evil-h" }, actor: env.reviewer, experimentId: REF_EXPERIMENT, confirmUnreviewed: ["evil-h"] });
    expect(result).toMatchObject({ ok: false, status: 400, error: expect.stringContaining('"../../../escape.js": contains ".."') });
    expect(before()).toEqual(was);
    expect(fs.existsSync(path.join(where.dir, "escape.js"))).toBe(false);
    // A refused launch records no review either.
    expect(store.sqlite.prepare("SELECT reviewed_by FROM harness_versions WHERE id = 'evil-h'").pluck().get()).toBeNull();
  });
});
