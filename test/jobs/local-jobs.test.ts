// The local executor end to end: reference jobs (the preinstalled templates running `harness-lab
// reference-job`) post their events into their run; a cancelled job ends "cancelled" with its whole process
// group gone; a restarted server finds a running job again, or marks it lost; the queue honours its slots.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { readLog, startJobTestEnv, useTempDatabase, waitForJob, H0, PROPOSAL, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";

const where = useTempDatabase("hl-localjobs-");
const { getStore, closeStore, openStore } = await import("@/db/client");
const jobs = await import("@/lib/jobs");
const { livingGroupMembers, parseIdentity } = await import("@/lib/jobs/process-identity");
const { saveTemplate } = await import("@/lib/jobs/templates");

let env: JobTestEnv;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];
const options = () => ({ jobsRoot: env.jobsRoot, serverUrl: env.url, graceMs: 1000, pollMs: 150, slots: 2 });

beforeAll(async () => {
  env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), options());
  jobs.startJobSupervisor(store());
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  // Tiny script jobs, for where the reference experiment is not the point.
  const script = (id: string, code: string, extra: object = {}) => {
    const saved = saveTemplate(store(), { id, experimentId: REF_EXPERIMENT, actor: admin, spec: { name: id, kind: "custom", command: ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c), "{seconds}"], placeholders: { seconds: { type: "repeats", default: 1 } }, ...extra } });
    if (!saved.ok) throw new Error(saved.error);
  };
  script("sleeper", `console.log(JSON.stringify({harness_lab_progress:0.5,message:"half"})); setTimeout(() => console.log("slept"), Number(process.argv[1]) * 1000)`);
  // Ignores SIGTERM and starts a grandchild in the same process group: only SIGKILL of the group ends both.
  script("stubborn", `process.on("SIGTERM", () => console.log("ignoring SIGTERM")); require("child_process").spawn(process.execPath, ["-e", "process.on('SIGTERM',()=>{}); setInterval(()=>{}, 1000)"], { stdio: "inherit" }); console.log("started"); setInterval(() => {}, 1000)`);
  script("fails", `console.error("bad things"); process.exit(3)`);
}, 60_000);

afterAll(async () => {
  await jobs.jobRuntime(store()).stop();
  await env.close();
  closeStore();
  fs.rmSync(where.dir, { recursive: true, force: true });
});

const launch = async (templateId: string, params: Record<string, unknown> = {}) => {
  const result = await jobs.launchJob(store(), { templateId, params, actor: env.reviewer, experimentId: REF_EXPERIMENT });
  if (!result.ok) throw new Error(result.error);
  return result.job;
};

describe("a reference job", () => {
  it("trains one epoch: exit 0, progress 1, its events in its run, the run linked to the job, the token revoked", async () => {
    const job = await launch("reference-train-epoch", { harness_version: H0, epoch: "1", seed: "5" });
    expect(job.command.slice(2)).toEqual(["reference-job", "train-epoch", `--harness-version=${H0}`, "--epoch=1", "--seed=5"]);
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost"], 120_000);
    const done = jobs.getJob(store(), job.id)!;
    expect({ status: done.status, exitCode: done.exitCode, reason: done.statusReason }).toEqual({ status: "succeeded", exitCode: 0, reason: null });
    expect(done.progress).toBe(1);
    expect(done.durationMs).toBeGreaterThan(0);
    expect(done.createdByName).toBe("rita");
    const run = `job-${job.id}`;
    expect(done.runs).toEqual([{ id: run, name: expect.stringContaining("train-epoch"), kind: "train", status: "finished" }]);
    // small: 3 steps × 6 tasks × 4 rollouts, one metrics point per step, the epoch's last weights as a checkpoint.
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE run_id = ? AND experiment_id = ?", run, REF_EXPERIMENT)[0].n).toBe(72);
    expect(rows<{ step: number }>("SELECT DISTINCT step FROM metric_points WHERE run_id = ? ORDER BY step", run).map((r) => r.step)).toEqual([0, 1, 2]);
    expect(rows<{ id: string }>("SELECT id FROM checkpoints WHERE run_id = ?", run).map((r) => r.id)).toContain(`${run}-ckpt-step3`);
    expect(rows<{ revoked_at: number | null }>("SELECT revoked_at FROM api_tokens WHERE job_id = ?", job.id).every((t) => t.revoked_at !== null)).toBe(true);
    expect(rows<{ action: string }>("SELECT action FROM audit_log WHERE target_id = ? ORDER BY id", job.id).map((r) => r.action)).toEqual(["job.launch", "job.end"]);
    expect(readLog(store(), job.id)).toMatch(/"harness_lab_progress":1/);
    // The chosen harness version's files, exactly, in the job's harness directory.
    const h0 = rows<{ path: string }>("SELECT path FROM harness_files WHERE harness_version_id = ?", H0).map((r) => r.path).sort();
    const written = (fs.readdirSync(path.join(env.jobsRoot, job.id, "harness"), { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(env.jobsRoot, job.id, "harness", p)).isFile()).sort();
    expect(written).toEqual(h0);
  }, 150_000);

  it("evaluates the checkpoint the training job saved, and compares a proposal's candidate with its base", async () => {
    const checkpoint = rows<{ id: string }>("SELECT id FROM checkpoints WHERE experiment_id = ? ORDER BY step DESC LIMIT 1", REF_EXPERIMENT)[0].id;
    const evaluation = await launch("reference-evaluate", { harness_version: H0, checkpoint, benchmark: "mini-pro", repeats: 1 });
    const comparison = await launch("reference-compare-candidate", { proposal: PROPOSAL, checkpoint });
    await waitForJob(store(), evaluation.id, ["succeeded", "failed", "lost"], 120_000);
    await waitForJob(store(), comparison.id, ["succeeded", "failed", "lost"], 120_000);
    expect(jobs.getJob(store(), evaluation.id)).toMatchObject({ status: "succeeded", exitCode: 0 });
    expect(jobs.getJob(store(), comparison.id)).toMatchObject({ status: "succeeded", exitCode: 0 });
    expect(rows("SELECT benchmark, checkpoint_id AS checkpoint FROM eval_runs WHERE run_id = ?", `job-${evaluation.id}`)).toEqual([{ benchmark: "mini-pro", checkpoint }]);
    const sides = rows<{ side: string; n: number }>(
      "SELECT side, count(*) AS n FROM comparison_rollouts cr JOIN comparisons c ON c.id = cr.comparison_id WHERE c.proposal_id = ? AND c.run_id = ? GROUP BY side ORDER BY side", PROPOSAL, `job-${comparison.id}`);
    expect(sides.map((s) => s.side)).toEqual(["base", "candidate"]);
    expect(sides[0].n).toBe(sides[1].n);
  }, 240_000);
});
