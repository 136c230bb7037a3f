// Job system figures of issue 7, measured through the real launch path (launchJob → the runtime's tick → the
// wrapper → the job) with tiny script jobs, the supervisor at its production poll interval (2 s):
//   launch → running (local), process exit → "succeeded" recorded, cancel → "cancelled" with the group gone,
//   and, when a Slurm controller answers, sbatch → COMPLETED recorded.
// Targets: launch → running p95 under 500 ms; exit noticed within 500 ms (the exit event, not the poll);
// cancel of a job that stops on SIGTERM under 1 s; Slurm submit → succeeded under 5 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { getJob } from "../../db/queries/jobs";
import { configureJobRuntime, jobRuntime } from "../../lib/services/jobs/runtime";
import { launchJob } from "../../lib/services/jobs/launch";
import { cancelJob } from "../../lib/services/jobs/cancel";
import { saveTemplate } from "../../lib/services/jobs/templates";
import { slurmUnreachable } from "../../lib/services/jobs/slurm-commands";
import { inheritedEnv } from "../../lib/services/jobs/job-config";
import { EXIT_FILE } from "../../lib/services/jobs/job-dir";
import { percentile } from "./percentile";

const EXPERIMENT = "bench-jobs";
const ADMIN = { kind: "token" as const, id: "bench", scopes: ["admin" as const] };


async function until(store: Store, id: string, statuses: string[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = getJob(store, id);
    if (job && statuses.includes(job.status)) return Date.now();
    if (Date.now() > deadline) throw new Error(`bench: job ${id} stuck in ${job?.status} (${job?.statusReason ?? ""})`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function template(store: Store, id: string, code: string, executor: "local" | "slurm" = "local"): void {
  const saved = saveTemplate(store, { id, experimentId: EXPERIMENT, actor: ADMIN, spec: { name: id, kind: "custom", command: ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c)], resources: { executor } } });
  if (!saved.ok) throw new Error(saved.error);
}

export async function runJobsBench(opts: { quick: boolean }): Promise<Record<string, number | string | boolean>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-jobs-"));
  const store = openStore(path.join(dir, "bench.db"));
  const runtime = configureJobRuntime(store, { jobsRoot: path.join(dir, "jobs"), serverUrl: "http://127.0.0.1:9", slots: 8, pollMs: 2000 });
  runtime.start();
  try {
    applyEvents(store, [{ type: "experiment", id: EXPERIMENT, name: "jobs bench", method: "custom" }]);
    template(store, "quick", `process.exit(0)`);
    template(store, "wait", `setTimeout(() => {}, 60000)`);
    const launch = async (templateId: string) => {
      const result = await launchJob(store, { templateId, params: {}, actor: ADMIN, experimentId: EXPERIMENT });
      if (!result.ok) throw new Error(result.error);
      return result.job;
    };

    const runs = opts.quick ? 5 : 20;
    const toRunning: number[] = [];
    const exitNoticed: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const job = await launch("quick");
      // launchJob returns after the tick that spawned it: the job is running (or already done).
      toRunning.push(performance.now() - t0);
      await until(store, job.id, ["succeeded", "failed", "lost"], 10_000);
      const ended = JSON.parse(fs.readFileSync(path.join(path.dirname(job.logPath!), EXIT_FILE), "utf8")) as { endedAt: number };
      exitNoticed.push(getJob(store, job.id)!.finishedAt! - ended.endedAt);
    }

    const cancels: number[] = [];
    for (let i = 0; i < (opts.quick ? 2 : 5); i++) {
      const job = await launch("wait");
      await until(store, job.id, ["running"], 10_000);
      const t0 = performance.now();
      await cancelJob(store, { jobId: job.id, actor: ADMIN });
      await until(store, job.id, ["cancelled"], 10_000);
      cancels.push(performance.now() - t0);
    }

    const figures: Record<string, number | string | boolean> = {
      jobs_local_launch_to_running_ms_p50: Math.round(percentile(toRunning, 50)),
      jobs_local_launch_to_running_ms_p95: Math.round(percentile(toRunning, 95)),
      jobs_local_exit_noticed_ms_p95: Math.round(percentile(exitNoticed, 95)),
      jobs_local_cancel_ms_p95: Math.round(percentile(cancels, 95)),
      jobs_local_target: "launch→running p95 < 500 ms, exit noticed p95 < 500 ms, cancel p95 < 1000 ms",
    };
    figures.jobs_local_target_met = (figures.jobs_local_launch_to_running_ms_p95 as number) < 500 && (figures.jobs_local_exit_noticed_ms_p95 as number) < 500 && (figures.jobs_local_cancel_ms_p95 as number) < 1000;

    const down = await slurmUnreachable({ env: inheritedEnv(), timeoutMs: 10_000 });
    if (down) {
      figures.jobs_slurm = `not measured: ${down}`;
    } else {
      template(store, "slurm-quick", `process.exit(0)`, "slurm");
      const times: number[] = [];
      for (let i = 0; i < (opts.quick ? 1 : 3); i++) {
        const t0 = performance.now();
        const job = await launch("slurm-quick");
        await until(store, job.id, ["succeeded", "failed", "lost", "cancelled"], 60_000);
        times.push(performance.now() - t0);
      }
      figures.jobs_slurm_submit_to_succeeded_ms_max = Math.round(Math.max(...times));
      figures.jobs_slurm_target = "sbatch → succeeded recorded < 5000 ms";
      figures.jobs_slurm_target_met = Math.max(...times) < 5000;
    }
    return figures;
  } finally {
    await jobRuntime(store).stop();
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
