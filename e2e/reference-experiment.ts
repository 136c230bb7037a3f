// The reference experiment (`demo --size small`) sent once into the e2e server, for the specs of the results
// views (curves, evaluation matrix, harness history, cost, Harness-R1) that need real data of every kind.
// A marker file in e2e/.state remembers that this server's database already holds it, so each spec can ask
// for it in beforeAll and only the first pays the ~10 s. Its own seed: other specs run other seeds.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PROJECT_ROOT, STATE_DIR, type ServerState } from "./state";

const SEED = 11;
const tag = `ref-s${SEED}-small`;

/** The three experiments of the reference run, by method. */
export const REFERENCE = {
  seed: SEED,
  harnessAdapt: `${tag}-harnessadapt-rl`,
  grpo: `${tag}-grpo`,
  harnessR1: `${tag}-harness-r1`,
} as const;

const MARKER = path.join(STATE_DIR, `reference-s${SEED}.json`);

export async function ensureReferenceExperiment(server: ServerState): Promise<void> {
  try {
    const marker = JSON.parse(fs.readFileSync(MARKER, "utf8")) as { tmpDir?: string };
    if (marker.tmpDir === server.tmpDir) return;
  } catch {
    // no marker yet, or one from an earlier server
  }
  await promisify(execFile)(
    process.execPath,
    ["bin/harness-lab.mjs", "demo", "--server", server.baseURL, "--size", "small", "--seed", String(SEED), "--review", "rule"],
    { cwd: PROJECT_ROOT, env: { ...process.env, HARNESS_LAB_TOKEN: server.adminToken }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  fs.writeFileSync(MARKER, JSON.stringify({ tmpDir: server.tmpDir, baseURL: server.baseURL }));
}
