// The ray executor against a REAL Ray head (test/support/ray-head.ts: Ray 2.58 from the cached venv of
// scripts/ray-venv.sh, `ray start --head` on loopback with its dashboard, shared by every test of this file).
// The reference train-epoch job runs on Ray to SUCCEEDED with its events stored and its log copied; twenty
// hostile arguments reach the job as the same argv; the job's token travels only in runtime_env.env_vars;
// a cancel ends it STOPPED (the run cancelled); a dashboard restarted while a job runs finds it again (by the
// submission id stored with the job, or by the fixed id when none was stored) and it finishes normally; a
// failing job keeps its exit code; a template's working_dir is where the job runs; unreviewed harness code is
// refused before anything reaches Ray; an unreachable head fails the launch at once. The cluster reaches the project and the job folder by path (same machine).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { useTempDatabase, startJobTestEnv, waitForJob, readLog, H0, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";
import { startRayHead, type RayHead } from "../support/ray-head";
import { freePort } from "@/lib/services/server/free-port";

const where = useTempDatabase("hl-rayjobs-");
const { getStore, openStore, closeStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { saveTemplate } = await import("@/lib/services/jobs/templates");
const { REFERENCE_TEMPLATES } = await import("@/lib/services/jobs/reference-templates");
const { rayOptions, submitRay, queryRay, rayLogs } = await import("@/lib/services/jobs/ray-client");
const { rayEntrypoint } = await import("@/lib/services/jobs/ray-api");

let head: RayHead;
let env: JobTestEnv;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];
const ray = () => rayOptions({ HARNESS_LAB_RAY_ADDRESS: head.address })!;
/** Ray's own record of a job. */
const rayJob = async (id: string) => (await (await fetch(`${head.address}/api/jobs/${id}`)).json()) as { status: string; entrypoint: string; runtime_env: { env_vars: Record<string, string> } };

/** A `node -e` command as a template's argv (braces doubled: they are literal, not placeholders). */
const script = (code: string) => ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c)];
/** Posts the job's run (status running) with the job's token, so the run's status can follow the job's. */
const POST_RUN = `fetch(process.env.HARNESS_LAB_URL + "/api/v1/events", { method: "POST", headers: { authorization: "Bearer " + process.env.HARNESS_LAB_TOKEN, "content-type": "application/json" }, body: JSON.stringify([{ type: "run", id: process.env.HARNESS_LAB_RUN, experiment: process.env.HARNESS_LAB_EXPERIMENT, kind: "train", status: "running" }]) }).then((r) => console.log("run posted " + r.status));`;
const zipDir = path.join(where.dir, "working-dir");

beforeAll(async () => {
  head = await startRayHead();
  env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 250, ray: ray() });
  jobs.startJobSupervisor(store());
  // A working_dir: a zip Ray fetches onto the worker (file:// on this one-machine cluster).
  fs.mkdirSync(zipDir);
  fs.writeFileSync(path.join(zipDir, "hello.mjs"), `console.log("hello from " + process.cwd().split("/").slice(-2).join("/"));\n`);
  execFileSync("python3", ["-c", "import shutil,sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2])", path.join(where.dir, "code"), zipDir]);
  const train = REFERENCE_TEMPLATES["reference-train-epoch"];
  const templates: Array<[string, object]> = [
    ["ray-train-epoch", { ...train, name: "train on Ray", resources: { ...train.resources, executor: "ray", memory: "512M", timeLimitMinutes: 10 } }],
    ["ray-sleeper", { name: "sleeper", kind: "custom", command: script(`${POST_RUN} setTimeout(() => {}, 120000)`), resources: { executor: "ray" } }],
    ["ray-short", { name: "short", kind: "custom", command: script(`${POST_RUN} setTimeout(() => console.log("finished normally"), 12000)`), resources: { executor: "ray" } }],
    ["ray-fails", { name: "fails", kind: "custom", command: script(`console.error("bad things"); process.exit(3)`), resources: { executor: "ray" } }],
    ["ray-working-dir", { name: "working dir", kind: "custom", command: ["{node}", "hello.mjs"], resources: { executor: "ray", workingDir: `file://${path.join(where.dir, "code.zip")}` } }],
  ];
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  for (const [id, spec] of templates) {
    const saved = saveTemplate(store(), { id, experimentId: REF_EXPERIMENT, actor: admin, spec });
    if (!saved.ok) throw new Error(saved.error);
  }
}, 240_000);

afterAll(async () => {
  await jobs.jobRuntime(store()).stop();
  await env?.close();
  closeStore();
  await head?.stop();
  fs.rmSync(where.dir, { recursive: true, force: true });
}, 60_000);

async function launch(templateId: string, params: Record<string, unknown> = {}) {
  const result = await jobs.launchJob(store(), { templateId, params, actor: env.reviewer, experimentId: REF_EXPERIMENT });
  if (!result.ok) throw new Error(result.error);
  return result.job;
}

describe("the ray executor on a real Ray head", () => {
  it("runs the reference train-epoch job to SUCCEEDED with its events in its run; its token only in runtime_env.env_vars", async () => {
    const job = await launch("ray-train-epoch", { harness_version: H0, seed: "3" });
    expect(job).toMatchObject({ executor: "ray", externalId: `harness-lab-${job.id}` });
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost", "cancelled"], 150_000);
    const done = jobs.getJob(store(), job.id)!;
    expect({ status: done.status, exitCode: done.exitCode, reason: done.statusReason }).toEqual({ status: "succeeded", exitCode: 0, reason: null });
    expect(done.progress).toBe(1);
    const run = `job-${job.id}`;
    expect(done.runs).toEqual([expect.objectContaining({ id: run, status: "finished" })]);
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE run_id = ?", run)[0].n).toBe(72);
    const log = readLog(store(), job.id);
    expect(log).toMatch(/"harness_lab_progress":1/);

    const onRay = await rayJob(job.externalId!);
    expect(onRay.status).toBe("SUCCEEDED");
    expect(onRay.entrypoint).toBe(rayEntrypoint(done.command, path.resolve(".")));
    const token = onRay.runtime_env.env_vars.HARNESS_LAB_TOKEN;
    expect(token).toMatch(/^hl_/);
    expect(onRay.runtime_env.env_vars).toMatchObject({ HARNESS_LAB_URL: env.url, HARNESS_LAB_RUN: run, HARNESS_LAB_EXPERIMENT: REF_EXPERIMENT });
    expect(onRay.entrypoint).not.toContain(token);
    expect(log).not.toContain(token);
    expect(log).toContain(`Running entrypoint for job ${job.externalId}`);
    // The token worked while the job ran (the events above) and is revoked now.
    expect(rows<{ revoked_at: number | null }>("SELECT revoked_at FROM api_tokens WHERE job_id = ?", job.id)[0].revoked_at).not.toBeNull();
  }, 180_000);

  it("hands 20 hostile arguments to the job as the same argv", async () => {
    const hostile = [
      "it's", `"double" 'single'`, "$(touch /tmp/hl-ray-pwned)", "`id`", "line one\nline two", "; touch /tmp/hl-ray-pwned2 ;", "", "-n", "--help",
      "héllo wörld ✓ 日本語 🎉", "$HOME ${PATH}", "back\\slash\\", "*", "  spaced   out  ", "'", `'\\''`, "&& echo x || true", "> /tmp/hl-ray-out < /etc/passwd",
      "tab\there\rcr", "!! #comment",
    ];
    expect(hostile).toHaveLength(20);
    const argv = ["python3", "-c", "import json, sys; print('ARGV=' + json.dumps(sys.argv[1:]))", ...hostile];
    const id = `argv-${Date.now()}`;
    const submitted = await submitRay({ jobId: id, argv, cwd: null, env: {}, resources: {} }, ray());
    expect(submitted).toEqual({ ok: true, id: `harness-lab-${id}` });
    const deadline = Date.now() + 60_000;
    let state = await queryRay(`harness-lab-${id}`, ray());
    while (!(state.kind === "known" && ["succeeded", "failed", "cancelled"].includes(state.state.phase)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      state = await queryRay(`harness-lab-${id}`, ray());
    }
    expect(state).toMatchObject({ kind: "known", state: { status: "SUCCEEDED", exitCode: 0 } });
    const logs = await rayLogs(`harness-lab-${id}`, ray());
    const line = logs.ok ? logs.logs.split("\n").find((l) => l.startsWith("ARGV=")) : undefined;
    expect(JSON.parse(line!.slice("ARGV=".length))).toEqual(hostile);
    expect(fs.existsSync("/tmp/hl-ray-pwned")).toBe(false);
    expect(fs.existsSync("/tmp/hl-ray-out")).toBe(false);
    expect(fs.existsSync("/tmp/hl-ray-pwned2")).toBe(false);
  }, 90_000);

  it("cancels a running job with POST /api/jobs/{id}/stop: Ray says STOPPED, the job and its run say cancelled", async () => {
    const job = await launch("ray-sleeper");
    await waitForJob(store(), job.id, ["running"], 60_000);
    await expect.poll(() => jobs.getJob(store(), job.id)!.runs.length, { timeout: 30_000 }).toBe(1);
    // The live log: Ray's log reaches the job's log while the job runs.
    await expect.poll(() => readLog(store(), job.id), { timeout: 30_000 }).toContain("run posted 200");
    expect((await jobs.cancelJob(store(), { jobId: job.id, actor: env.reviewer })).ok).toBe(true);
    await waitForJob(store(), job.id, ["cancelled", "failed", "succeeded", "lost"], 60_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "cancelled", statusReason: "cancelled by rita", runs: [expect.objectContaining({ status: "cancelled" })] });
    expect((await rayJob(job.externalId!)).status).toBe("STOPPED");
  }, 120_000);

  it("keeps a failing job's exit code and its log", async () => {
    const job = await launch("ray-fails");
    await waitForJob(store(), job.id, ["failed", "succeeded", "lost"], 60_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "failed", exitCode: 3, statusReason: expect.stringMatching(/^Ray: FAILED, exit code 3/) });
    expect(readLog(store(), job.id)).toContain("bad things");
  }, 90_000);

  it("runs a template's working_dir: Ray fetches it and starts the job in it", async () => {
    const job = await launch("ray-working-dir");
    await waitForJob(store(), job.id, ["failed", "succeeded", "lost"], 60_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "succeeded" });
    expect(readLog(store(), job.id)).toMatch(/hello from working_dir_files\/file_[0-9a-f]+\n/);
  }, 90_000);

  it("refuses harness code nobody reviewed before anything reaches Ray", async () => {
    store().sqlite.prepare("INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES ('ray-unreviewed', ?, 'Hu', 'manual', 'u', 0)").run(REF_EXPERIMENT);
    const onRay = async () => ((await (await fetch(`${head.address}/api/jobs/`)).json()) as unknown[]).length;
    const recorded = () => rows<{ n: number }>("SELECT count(*) AS n FROM jobs")[0].n;
    const [jobsBefore, rayBefore] = [recorded(), await onRay()];
    const result = await jobs.launchJob(store(), { templateId: "ray-train-epoch", params: { harness_version: "ray-unreviewed" }, actor: env.reviewer, experimentId: REF_EXPERIMENT });
    expect(result).toMatchObject({ ok: false, status: 409, unreviewed: [{ id: "ray-unreviewed", label: "Hu" }] });
    expect([recorded(), await onRay()]).toEqual([jobsBefore, rayBefore]);
  });

  it("fails the launch at once, with the reason, when the Ray head does not answer", async () => {
    const other = openStore(where.dbFile);
    const port = await freePort();
    jobs.configureJobRuntime(other, { jobsRoot: env.jobsRoot, serverUrl: env.url, ray: rayOptions({ HARNESS_LAB_RAY_ADDRESS: `http://127.0.0.1:${port}`, HARNESS_LAB_RAY_TOKEN: "ray-secret-token-123" }) });
    const started = Date.now();
    const result = await jobs.launchJob(other, { templateId: "ray-sleeper", params: {}, actor: env.reviewer, experimentId: REF_EXPERIMENT });
    other.sqlite.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ ok: false, status: 503, error: `the Ray dashboard at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)` });
    expect(!result.ok && result.job).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/not reachable/) });
    expect(JSON.stringify(result)).not.toContain("ray-secret-token-123");
  });

  it("is found again by a restarted dashboard and finishes normally — by its stored submission id, or by the fixed one", async () => {
    const stored = await launch("ray-short");
    const unstored = await launch("ray-short");
    await waitForJob(store(), stored.id, ["running"], 60_000);
    await waitForJob(store(), unstored.id, ["running"], 60_000);
    // The dashboard stops; one job's submission id never made it into its record (stopped mid-launch).
    await jobs.jobRuntime(store()).stop();
    store().sqlite.prepare("UPDATE jobs SET external_id = NULL WHERE id = ?").run(unstored.id);
    const restarted = openStore(where.dbFile);
    jobs.configureJobRuntime(restarted, { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 250, ray: ray() });
    const supervisor = jobs.startJobSupervisor(restarted);
    try {
      const report = await supervisor.recovered;
      expect(report.active).toEqual(expect.arrayContaining([{ id: stored.id, status: "running", executor: "ray" }, { id: unstored.id, status: "running", executor: "ray" }]));
      for (const id of [stored.id, unstored.id]) {
        await waitForJob(restarted, id, ["succeeded", "failed", "lost", "cancelled"], 60_000);
        expect(jobs.getJob(restarted, id)).toMatchObject({ status: "succeeded", exitCode: 0, externalId: `harness-lab-${id}` });
        expect(readLog(restarted, id)).toContain("finished normally");
      }
    } finally {
      await supervisor.stop();
      restarted.sqlite.close();
    }
  }, 120_000);
});
