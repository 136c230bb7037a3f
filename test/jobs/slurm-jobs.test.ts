// The Slurm executor against a REAL single-node Slurm (scripts/slurm/start-local-slurm.sh; `.ci/run` starts it
// before `npm test`, and this file starts it itself when `sinfo` does not answer). The same reference job as
// locally reaches COMPLETED with its events stored; a cancelled one ends CANCELLED; a failing one keeps its
// exit code; an unreachable controller fails the launch at once with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { useTempDatabase, waitForJob, readLog, H0, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";
import { slurmState } from "./slurm-test-templates";
import { ensureLocalSlurm, startSlurmTestRuntime, type SlurmTestRuntime } from "./slurm-test-runtime";

const where = useTempDatabase("hl-slurmjobs-");
const { getStore, openStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { inheritedEnv } = await import("@/lib/services/jobs/job-config");

let env: JobTestEnv;
let runtime: SlurmTestRuntime;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];

function slurmUp(): boolean {
  try {
    return /^(idle|mixed|allocated)/m.test(execFileSync("sinfo", ["-h", "-o", "%T"], { encoding: "utf8", timeout: 20_000 }));
  } catch {
    return false;
  }
}

beforeAll(async () => {
  await ensureLocalSlurm(async () => (slurmUp() ? null : "sinfo shows no idle node (see /var/log/slurm/)"), ["start"]);
  runtime = await startSlurmTestRuntime(store, where, { prefix: "slurm", trainName: "train on Slurm" });
  env = runtime.env;
}, 240_000);

afterAll(() => runtime?.close());

const launch = (templateId: string, params?: Record<string, unknown>) => runtime.launch(templateId, params);

describe("the Slurm executor", () => {
  it("runs the reference train-epoch job to COMPLETED with its events stored in its run", async () => {
    const job = await launch("slurm-train-epoch", { harness_version: H0, seed: "3" });
    expect(job).toMatchObject({ executor: "slurm", externalId: expect.stringMatching(/^\d+$/) });
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost", "cancelled"], 150_000);
    const done = jobs.getJob(store(), job.id)!;
    expect({ status: done.status, exitCode: done.exitCode, reason: done.statusReason }).toEqual({ status: "succeeded", exitCode: 0, reason: null });
    expect(slurmState(done.externalId!)).toBe("COMPLETED");
    expect(done.progress).toBe(1);
    const run = `job-${job.id}`;
    expect(done.runs).toEqual([expect.objectContaining({ id: run, status: "finished" })]);
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE run_id = ?", run)[0].n).toBe(72);
    expect(readLog(store(), job.id)).toMatch(/"harness_lab_progress":1/);
    // The batch script holds no secret; the token file is gone once the job ended, and the token is revoked.
    const dir = path.join(env.jobsRoot, job.id);
    expect(fs.readFileSync(path.join(dir, "job.sbatch"), "utf8")).toMatch(/#SBATCH --partition=debug\n#SBATCH --cpus-per-task=1\n#SBATCH --mem=512M\n#SBATCH --time=10\n/);
    expect(fs.existsSync(path.join(dir, ".token"))).toBe(false);
    expect(rows<{ revoked_at: number | null }>("SELECT revoked_at FROM api_tokens WHERE job_id = ?", job.id)[0].revoked_at).not.toBeNull();
  }, 180_000);

  it("cancels a running job with scancel: it ends CANCELLED", async () => {
    const job = await launch("slurm-sleeper");
    await waitForJob(store(), job.id, ["running"], 30_000);
    const cancelled = await jobs.cancelJob(store(), { jobId: job.id, actor: env.reviewer });
    expect(cancelled.ok).toBe(true);
    await waitForJob(store(), job.id, ["cancelled", "failed", "succeeded", "lost"], 30_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "cancelled", statusReason: "cancelled by rita" });
    expect(slurmState(job.externalId!)).toBe("CANCELLED");
  }, 60_000);

  it("is found again by a restarted dashboard (by its Slurm job id) and can be cancelled from there", async () => {
    const job = await launch("slurm-sleeper");
    await waitForJob(store(), job.id, ["running"], 30_000);
    const restarted = openStore(where.dbFile);
    jobs.configureJobRuntime(restarted, { jobsRoot: env.jobsRoot, serverUrl: env.url });
    const report = await jobs.recoverJobs(restarted);
    expect(report.active).toContainEqual({ id: job.id, status: "running", executor: "slurm" });
    expect((await jobs.cancelJob(restarted, { jobId: job.id, actor: env.reviewer })).ok).toBe(true);
    await waitForJob(store(), job.id, ["cancelled", "failed", "succeeded", "lost"], 30_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "cancelled", statusReason: "cancelled by rita" });
    restarted.sqlite.close();
  }, 60_000);

  it("keeps a failing job's exit code", async () => {
    const job = await launch("slurm-fails");
    await waitForJob(store(), job.id, ["failed", "succeeded", "lost"], 30_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "failed", exitCode: 3 });
    expect(readLog(store(), job.id)).toContain("bad things");
  }, 60_000);

  it("fails the launch at once, with the reason, when the controller cannot be reached", async () => {
    const bad = path.join(where.dir, "unreachable-slurm.conf");
    fs.writeFileSync(bad, fs.readFileSync("/etc/slurm/slurm.conf", "utf8").replace(/^SlurmctldPort=.*$/m, "SlurmctldPort=6999"));
    const other = openStore(where.dbFile);
    jobs.configureJobRuntime(other, { jobsRoot: env.jobsRoot, serverUrl: env.url, slurm: { env: { ...inheritedEnv(), SLURM_CONF: bad }, timeoutMs: 30_000 } });
    const started = Date.now();
    const result = await jobs.launchJob(other, { templateId: "slurm-sleeper", params: {}, actor: env.reviewer, experimentId: REF_EXPERIMENT });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ ok: false, status: 503, error: expect.stringMatching(/^the Slurm controller is not reachable/) });
    expect(!result.ok && result.job).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/not reachable/) });
    other.sqlite.close();
  });
});
