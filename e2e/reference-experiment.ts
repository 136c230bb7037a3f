// The reference experiment (`demo --size small`) sent once into the e2e server, for the specs of the results
// views (curves, evaluation matrix, harness history, cost, Harness-R1) that need real data of every kind.
// A marker file in e2e/.state remembers that this server's database already holds a seed, so each spec can
// ask for it in beforeAll and only the first pays the ~10 s. Their own seeds: other specs run other seeds.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PROJECT_ROOT, STATE_DIR, type ServerState } from "./state";

export interface ReferenceIds {
  seed: number;
  harnessAdapt: string;
  grpo: string;
  harnessR1: string;
}

function referenceIds(seed: number): ReferenceIds {
  const tag = `ref-s${seed}-small`;
  return { seed, harnessAdapt: `${tag}-harnessadapt-rl`, grpo: `${tag}-grpo`, harnessR1: `${tag}-harness-r1` };
}

/** Seed 3: the rule rejects every proposal, so H1 and H2 carry H0's files (a run where evolution found nothing). */
export const REFERENCE = referenceIds(3);

/**
 * Seed 2: the rule accepts a proposal in each epoch — H1 = H0 + run_related_tests + report_failures_before_submit,
 * H2 = H1 + reproduce_first + inject_test_status — so the harness really changes twice during training.
 */
export const REFERENCE_EVOLVED = referenceIds(2);

/** Seed 13: for the specs that launch jobs into it, since a job adds runs that other specs would then count. */
export const REFERENCE_JOBS = referenceIds(13);

export async function ensureReferenceExperiment(server: ServerState, reference: ReferenceIds = REFERENCE): Promise<void> {
  const marker = path.join(STATE_DIR, `reference-s${reference.seed}.json`);
  try {
    const seen = JSON.parse(fs.readFileSync(marker, "utf8")) as { tmpDir?: string };
    if (seen.tmpDir === server.tmpDir) return;
  } catch {
    // no marker yet, or one from an earlier server
  }
  await promisify(execFile)(
    process.execPath,
    ["bin/harness-lab.mjs", "demo", "--server", server.baseURL, "--size", "small", "--seed", String(reference.seed), "--review", "rule"],
    { cwd: PROJECT_ROOT, env: { ...process.env, HARNESS_LAB_TOKEN: server.adminToken }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  fs.writeFileSync(marker, JSON.stringify({ tmpDir: server.tmpDir, baseURL: server.baseURL }));
}

/** Several seeds side by side: each demo is one process, and the server ingests on the other core. */
export async function ensureReferenceExperiments(server: ServerState, ...references: ReferenceIds[]): Promise<void> {
  await Promise.all(references.map((reference) => ensureReferenceExperiment(server, reference)));
}
