// The Slurm executor through a REAL slurmrestd (scripts/slurm/start-local-slurm.sh start --rest; this file runs
// that itself when slurmrestd does not answer on 127.0.0.1:6820). The reference job reaches COMPLETED with its
// events stored; a cancelled one ends CANCELLED; a failing one keeps its exit code (from the raw wait status);
// a rejected token and a slurmrestd that does not answer fail the launch at once with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { useTempDatabase, waitForJob, readLog, H0, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";
import { slurmState } from "./slurm-test-templates";
import { ensureLocalSlurm, startSlurmTestRuntime, type SlurmTestRuntime } from "./slurm-test-runtime";

const where = useTempDatabase("hl-slurmrest-");
const { getStore, openStore } = await import("@/db/client");
const jobs = await import("@/lib/services/jobs");
const { inheritedEnv } = await import("@/lib/services/jobs/job-config");
const { slurmRestUnreachable } = await import("@/lib/services/jobs/slurm-rest");

const URL = "http://127.0.0.1:6820";
let env: JobTestEnv;
let runtime: SlurmTestRuntime;
const store = () => getStore();
const rows = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).all(...params) as T[];
// The token is made by the executor itself with `scontrol token` (the server runs on the controller host).
const rest = (over: Partial<{ url: string; token: string | null }> = {}) => ({ url: URL, user: "root", token: null, timeoutMs: 10_000, env: inheritedEnv(), ...over });

beforeAll(async () => {
  await ensureLocalSlurm(async () => slurmRestUnreachable(rest()).catch((e: Error) => e.message), ["start", "--rest"]);
  runtime = await startSlurmTestRuntime(store, where, { prefix: "rest", trainName: "train via slurmrestd", slurm: { env: inheritedEnv(), timeoutMs: 30_000, rest: rest() } });
  env = runtime.env;
}, 240_000);

afterAll(() => runtime?.close());

const launch = (templateId: string, params?: Record<string, unknown>) => runtime.launch(templateId, params);

describe("the Slurm executor through slurmrestd", () => {
  it("runs the reference train-epoch job to COMPLETED with its events stored in its run", async () => {
    const job = await launch("rest-train-epoch", { harness_version: H0, seed: "3" });
    expect(job).toMatchObject({ executor: "slurm", externalId: expect.stringMatching(/^\d+$/) });
    // Submitted through REST: the job carries the properties the sbatch path sets with #SBATCH.
    const shown = execFileSync("scontrol", ["show", "job", "-o", job.externalId!], { encoding: "utf8" }).split(" ");
    expect(shown).toEqual(expect.arrayContaining([`JobName=harness-lab-${job.id.slice(0, 8)}`, "Partition=debug", "TimeLimit=00:10:00", `StdOut=${job.logPath}`]));
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost", "cancelled"], 150_000);
    const done = jobs.getJob(store(), job.id)!;
    expect({ status: done.status, exitCode: done.exitCode, reason: done.statusReason }).toEqual({ status: "succeeded", exitCode: 0, reason: null });
    expect(slurmState(done.externalId!)).toBe("COMPLETED");
    const run = `job-${job.id}`;
    expect(done.runs).toEqual([expect.objectContaining({ id: run, status: "finished" })]);
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE run_id = ?", run)[0].n).toBe(72);
    expect(readLog(store(), job.id)).toMatch(/"harness_lab_progress":1/);
    expect(fs.existsSync(path.join(env.jobsRoot, job.id, ".token"))).toBe(false);
  }, 180_000);

  it("cancels a running job with DELETE: it ends CANCELLED", async () => {
    const job = await launch("rest-sleeper");
    await waitForJob(store(), job.id, ["running"], 30_000);
    expect((await jobs.cancelJob(store(), { jobId: job.id, actor: env.reviewer })).ok).toBe(true);
    await waitForJob(store(), job.id, ["cancelled", "failed", "succeeded", "lost"], 30_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "cancelled", statusReason: "cancelled by rita" });
    expect(slurmState(job.externalId!)).toBe("CANCELLED");
  }, 60_000);

  it("keeps a failing job's exit code (3 from the wait status 768)", async () => {
    const job = await launch("rest-fails");
    await waitForJob(store(), job.id, ["failed", "succeeded", "lost"], 30_000);
    expect(jobs.getJob(store(), job.id)).toMatchObject({ status: "failed", exitCode: 3 });
    expect(readLog(store(), job.id)).toContain("bad things");
  }, 60_000);

  async function launchWith(over: Parameters<typeof rest>[0]) {
    const other = openStore(where.dbFile);
    jobs.configureJobRuntime(other, { jobsRoot: env.jobsRoot, serverUrl: env.url, slurm: { env: inheritedEnv(), timeoutMs: 30_000, rest: rest(over) } });
    const started = Date.now();
    const result = await jobs.launchJob(other, { templateId: "rest-sleeper", params: {}, actor: env.reviewer, experimentId: REF_EXPERIMENT });
    other.sqlite.close();
    return { result, ms: Date.now() - started };
  }

  it("fails the launch at once, with the reason and without the token, when the token is rejected", async () => {
    const { result, ms } = await launchWith({ token: "not-a-jwt-secret-123" });
    expect(ms).toBeLessThan(5_000);
    expect(result).toMatchObject({ ok: false, status: 503, error: expect.stringMatching(/^slurmrestd at http:\/\/127\.0\.0\.1:6820: the Slurm controller refused the token for user "root" or is down/) });
    expect(!result.ok && result.job).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/refused the token/) });
    expect(JSON.stringify(result)).not.toContain("not-a-jwt-secret-123");
  });

  it("fails the launch at once, with the reason, when slurmrestd does not answer", async () => {
    const { result, ms } = await launchWith({ url: "http://127.0.0.1:6899" });
    expect(ms).toBeLessThan(5_000);
    expect(result).toMatchObject({ ok: false, status: 503, error: expect.stringMatching(/^slurmrestd at http:\/\/127\.0\.0\.1:6899 is not reachable \(ECONNREFUSED\)/) });
    expect(!result.ok && result.job).toMatchObject({ status: "failed" });
  });
});
