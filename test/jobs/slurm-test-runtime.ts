// The setup both Slurm test files (sbatch and slurmrestd) share: start the project's single-node Slurm when it
// does not answer, run the job runtime and supervisor against the test store, save the Slurm test templates,
// and launch as the reviewer. Modules that open the store are imported inside, after useTempDatabase ran.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Store } from "@/db/client";
import type { JobRecord, RuntimeOptions } from "@/lib/services/jobs";
import { startJobTestEnv, REF_EXPERIMENT, type JobTestEnv } from "./job-test-env";
import { slurmTestTemplates } from "./slurm-test-templates";

const START_SCRIPT = path.resolve(import.meta.dirname, "../../scripts/slurm/start-local-slurm.sh");

/** `problem()` names what does not answer (null when all is well); the start script runs only then. */
export async function ensureLocalSlurm(problem: () => Promise<string | null>, startArgs: string[]): Promise<void> {
  if ((await problem()) === null) return;
  try {
    execFileSync("bash", [START_SCRIPT, ...startArgs], { stdio: "pipe", timeout: 180_000 });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`these tests need Slurm, which could not be started with ${START_SCRIPT} ${startArgs.join(" ")}:\n${output}`);
  }
  const still = await problem();
  if (still) throw new Error(`Slurm was started but: ${still}`);
}

export interface SlurmTestRuntime {
  env: JobTestEnv;
  launch(templateId: string, params?: Record<string, unknown>): Promise<JobRecord>;
  close(): Promise<void>;
}

export async function startSlurmTestRuntime(
  store: () => Store,
  where: { dir: string; dbFile: string },
  options: { prefix: string; trainName: string; slurm?: RuntimeOptions["slurm"] },
): Promise<SlurmTestRuntime> {
  const jobs = await import("@/lib/services/jobs");
  const { saveTemplate } = await import("@/lib/services/jobs/templates");
  const { REFERENCE_TEMPLATES } = await import("@/lib/services/jobs/reference-templates");
  const { closeStore } = await import("@/db/client");
  const env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 250, ...(options.slurm ? { slurm: options.slurm } : {}) });
  jobs.startJobSupervisor(store());
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  for (const [id, spec] of slurmTestTemplates(options.prefix, options.trainName, REFERENCE_TEMPLATES["reference-train-epoch"])) {
    const saved = saveTemplate(store(), { id, experimentId: REF_EXPERIMENT, actor: admin, spec });
    if (!saved.ok) throw new Error(saved.error);
  }
  return {
    env,
    async launch(templateId, params = {}) {
      const result = await jobs.launchJob(store(), { templateId, params, actor: env.reviewer, experimentId: REF_EXPERIMENT });
      if (!result.ok) throw new Error(result.error);
      return result.job;
    },
    async close() {
      await jobs.jobRuntime(store()).stop();
      await env.close();
      closeStore();
      fs.rmSync(where.dir, { recursive: true, force: true });
    },
  };
}
