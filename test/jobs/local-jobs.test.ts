// The local executor end to end with the preinstalled reference templates (`harness-lab reference-job`):
// each job posts its events with its own token into its own run, linked back to the job. The rest of a local
// job's life (cancel, restart, queue, exit codes, refusals) is in local-job-lifecycle.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { readLog, startJobTestEnv, useTempDatabase, waitForJob, H0, PROPOSAL, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";

const where = useTempDatabase("hl-localjobs-");
const { getStore, closeStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");

let env: JobTestEnv;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];

beforeAll(async () => {
  env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 150 });
  jobs.startJobSupervisor(store());
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
    // One token, ingest + read, living the template's time limit (120 min) + 10 min from the start; revoked at the end.
    const tokens = rows<{ scopes: string; expires_at: number; revoked_at: number | null }>("SELECT scopes, expires_at, revoked_at FROM api_tokens WHERE job_id = ?", job.id);
    expect(tokens).toHaveLength(1);
    expect(JSON.parse(tokens[0].scopes)).toEqual(["ingest", "read"]);
    expect(Math.abs(tokens[0].expires_at - done.startedAt! - 130 * 60_000)).toBeLessThan(2_000);
    expect(tokens[0].revoked_at).not.toBeNull();
    expect(rows<{ action: string }>("SELECT action FROM audit_log WHERE target_id = ? ORDER BY id", job.id).map((r) => r.action)).toEqual(["job.launch", "job.end"]);
    expect(readLog(store(), job.id)).toMatch(/"harness_lab_progress":1/);
    // The chosen harness version's files, exactly, in the harness directory of the job's work folder…
    const h0 = rows<{ path: string }>("SELECT path FROM harness_files WHERE harness_version_id = ?", H0).map((r) => r.path).sort();
    const harnessDir = path.join(env.jobsRoot, job.id, "work", "harness");
    const written = (fs.readdirSync(harnessDir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(harnessDir, p)).isFile()).sort();
    expect(written).toEqual(h0);
    // …which a server running as root gave to the unprivileged user the job ran as; its log stays the server's.
    if (process.getuid!() === 0) {
      expect(fs.statSync(path.join(harnessDir, written[0])).uid).toBe(65534);
      expect(fs.statSync(job.logPath!).uid).toBe(0);
    }
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
