// The Slurm executor against a REAL single-node Slurm (scripts/slurm/start-local-slurm.sh; `.ci/run` starts it
// before `npm test`, and this file starts it itself when `sinfo` does not answer). The same reference job as
// locally reaches COMPLETED with its events stored; a cancelled one ends CANCELLED; a failing one keeps its
// exit code; an unreachable controller fails the launch at once with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startJobTestEnv, useTempDatabase, waitForJob, readLog, H0, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";
import { slurmState, slurmTestTemplates } from "./slurm-test-templates";

const where = useTempDatabase("hl-slurmjobs-");
const { getStore, closeStore, openStore } = await import("@/db/client");
const jobs = await import("@/lib/jobs");
const { saveTemplate } = await import("@/lib/jobs/templates");
const { REFERENCE_TEMPLATES } = await import("@/lib/jobs/reference-templates");
const { inheritedEnv } = await import("@/lib/jobs/job-config");

const ROOT = path.resolve(import.meta.dirname, "../..");
let env: JobTestEnv;
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
  if (!slurmUp()) {
    try {
      execFileSync("bash", [path.join(ROOT, "scripts/slurm/start-local-slurm.sh"), "start"], { stdio: "pipe", timeout: 180_000 });
    } catch (error) {
      const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      throw new Error(`Slurm is needed for these tests and could not be started with scripts/slurm/start-local-slurm.sh start:\n${output}`);
    }
    if (!slurmUp()) throw new Error("Slurm was started but sinfo shows no idle node; see /var/log/slurm/");
  }
  env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 250 });
  jobs.startJobSupervisor(store());
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  const save = (id: string, spec: object) => {
    const saved = saveTemplate(store(), { id, experimentId: REF_EXPERIMENT, actor: admin, spec });
    if (!saved.ok) throw new Error(saved.error);
  };
  for (const [id, spec] of slurmTestTemplates("slurm", "train on Slurm", REFERENCE_TEMPLATES["reference-train-epoch"])) save(id, spec);
}, 240_000);

afterAll(async () => {
  await jobs.jobRuntime(store()).stop();
  await env?.close();
  closeStore();
  fs.rmSync(where.dir, { recursive: true, force: true });
});

async function launch(templateId: string, params: Record<string, unknown> = {}) {
  const result = await jobs.launchJob(store(), { templateId, params, actor: env.reviewer, experimentId: REF_EXPERIMENT });
  if (!result.ok) throw new Error(result.error);
  return result.job;
}


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
