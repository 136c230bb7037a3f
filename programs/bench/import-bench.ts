// Import figures of issue 4, through the CLI's code path (disk source → readers → assembly → applyEvents
// into a fresh store file): the real-trajectory folder of ../shared (target < 2 s), and 500 synthetic
// mini-swe-agent v1 trajectories at real sizes (~200 KB each; target < 20 s) with the peak memory of the
// process doing it. That one runs in a child process, so its peak is the import's alone, not the bench's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStore } from "../../db/client";
import { ALL_READERS } from "../../lib/services/importers/formats";
import { resolveTarget, storeLookup } from "../../lib/services/importers/resolve-target";
import { runImport } from "../../lib/services/importers/run-import";
import { ImportSession } from "../../lib/services/importers/session";
import { diskSource } from "../../lib/services/importers/sources";
import { storeApply } from "../../lib/services/importers/store-import";
import type { ImportReport } from "../../lib/services/importers/report";

export interface ImportBenchOptions {
  home: string;
  trajectories: number;
  bytesEach: number;
}

const CHILD_FLAG = "--import-bench-child";

/** Where the shared real trajectories are: HARNESS_LAB_SHARED, else ../shared next to the repository. */
export function realTrajectoriesFolder(home: string): string {
  return path.join(process.env.HARNESS_LAB_SHARED ?? path.resolve(home, "../shared"), "data", "real-trajectories");
}

async function importFolder(folder: string, dbFile: string, experiment: string): Promise<{ ms: number; report: ImportReport }> {
  const store = openStore(dbFile);
  try {
    const start = performance.now();
    const resolved = await resolveTarget(storeLookup(store), { experiment });
    if (!resolved.ok) throw new Error(`import bench: ${resolved.field} ${resolved.reason}`);
    const session = new ImportSession(diskSource([folder]), resolved.target, { readers: ALL_READERS });
    const report = await runImport(session, storeApply(store));
    return { ms: performance.now() - start, report };
  } finally {
    store.sqlite.close();
  }
}

function requireRollouts(report: ImportReport, what: string): void {
  if (report.totals.rollouts > 0) return;
  const reasons = [...new Set(report.files.map((f) => f.problem?.reason).filter(Boolean))].slice(0, 3).join("; ");
  throw new Error(
    `import bench: no rollouts from ${what} (${report.totals.failed} of ${report.totals.files} files failed: ${reasons}). ` +
    `Is ALL_READERS in lib/services/importers/formats/index.ts filled (${ALL_READERS.length} readers now)?`,
  );
}

// ---------- synthetic mini-swe-agent v1 trajectories ----------

/** Deterministic filler that does not compress to nothing, like real command output. */
function filler(seed: number, length: number): string {
  const words = ["def", "return", "self", "assert", "import", "value", "error", "test_", "module", "path", "None", "raise", "class", "args", "0x", "line"];
  let x = seed * 2654435761 >>> 0;
  let out = "";
  while (out.length < length) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += words[x % words.length] + ((x >> 8) % 7 === 0 ? "\n" : " ") + ((x >> 12) % 3 === 0 ? String(x % 997) : "");
  }
  return out.slice(0, length);
}

/** One trajectory in the shape mini-swe-agent 1.x writes (messages with the raw response, info, format tag). */
export function syntheticMiniSweAgentTrajectory(index: number, bytes: number): string {
  const instanceId = `bench__repo-${String(index).padStart(5, "0")}`;
  const messages: Array<Record<string, unknown>> = [
    { role: "system", content: "You are a helpful assistant that can interact multiple times with a computer shell to solve programming tasks.\n" + filler(index, 500) },
    { role: "user", content: `<pr_description>\nConsider the following PR description:\n${filler(index + 1, 5000)}\n</pr_description>` },
  ];
  let size = 6000;
  for (let step = 0; size < bytes - 1500; step++) {
    const command = step % 4 === 0 ? `grep -rn "value" src/ | head -50` : `sed -n '${step * 10},${step * 10 + 40}p' src/module_${step % 9}.py`;
    const content = `THOUGHT: ${filler(index * 1000 + step, 220)}\n\n\`\`\`bash\n${command}\n\`\`\``;
    const reasoning = filler(index * 1000 + step + 7, 600);
    messages.push({
      role: "assistant",
      content,
      extra: {
        response: {
          id: `gen-${index}-${step}`, model: "google/gemini-3-pro-preview", object: "chat.completion", created: 1763509284 + step,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, reasoning } }],
          usage: { prompt_tokens: 6000 + step * 900, completion_tokens: 180 + (step % 5) * 40, total_tokens: 6180 + step * 940 },
        },
      },
    });
    const output = filler(index * 1000 + step + 3, step % 7 === 3 ? 6000 : 1200);
    messages.push({ role: "user", content: `<returncode>0</returncode>\n<output>\n${output}\n</output>` });
    size += content.length * 2 + reasoning.length + output.length + 400;
  }
  messages.push({ role: "assistant", content: "THOUGHT: Done.\n\n```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached\n```" });
  messages.push({ role: "user", content: `diff --git a/src/module.py b/src/module.py\n${filler(index + 5, 800)}` });
  return JSON.stringify({
    info: {
      exit_status: index % 10 === 9 ? "LimitsExceeded" : "Submitted",
      submission: `diff --git a/src/module.py b/src/module.py\n--- a/src/module.py\n+++ b/src/module.py\n@@ -1 +1 @@\n-${filler(index, 60)}\n+${filler(index + 1, 60)}\n`,
      model_stats: { instance_cost: 0.1 + (index % 13) / 100, api_calls: (messages.length - 2) / 2 },
      mini_version: "1.15.0",
      config: { model: { model_name: "google/gemini-3-pro-preview" }, agent: { step_limit: 250 } },
    },
    messages,
    trajectory_format: "mini-swe-agent-1",
    instance_id: instanceId,
  });
}

function writeSynthetic(dir: string, count: number, bytesEach: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) {
    const text = syntheticMiniSweAgentTrajectory(i, bytesEach);
    const id = `bench__repo-${String(i).padStart(5, "0")}`;
    fs.mkdirSync(path.join(dir, id), { recursive: true });
    fs.writeFileSync(path.join(dir, id, `${id}.traj.json`), text);
    total += Buffer.byteLength(text);
  }
  return total;
}

// ---------- the figures ----------

export async function runImportBench(options: ImportBenchOptions): Promise<Record<string, number>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hl-import-bench-"));
  try {
    const folder = realTrajectoriesFolder(options.home);
    if (!fs.existsSync(folder)) throw new Error(`import bench: ${folder} does not exist (set HARNESS_LAB_SHARED to the shared folder)`);
    const real = await importFolder(folder, path.join(work, "real.db"), "bench-real-trajectories");
    requireRollouts(real.report, folder);

    const trajs = path.join(work, "trajs");
    const bytes = writeSynthetic(trajs, options.trajectories, options.bytesEach);
    // The child is this file run by itself, with the flags the CLI uses (TypeScript, server-only modules).
    const child = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", fileURLToPath(import.meta.url), CHILD_FLAG, trajs, path.join(work, "synthetic.db")], {
      cwd: options.home,
      env: { ...process.env, HARNESS_LAB_HOME: options.home },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`import bench: the synthetic import failed (${child.status}):\n${child.stderr.slice(-2000)}`);
    const synthetic = JSON.parse(child.stdout.trim().split("\n").pop()!) as { ms: number; rollouts: number; failed: number; peakRssKb: number; firstProblem?: string };
    if (synthetic.rollouts === 0) throw new Error(`import bench: no rollouts from the synthetic mini-swe-agent files (${synthetic.firstProblem}); is a mini-swe-agent reader in ALL_READERS?`);

    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    return {
      import_real_folder_ms: Math.round(real.ms),
      import_real_folder_files: real.report.totals.files,
      import_real_folder_failed_files: real.report.totals.failed,
      import_real_folder_rollouts: real.report.totals.rollouts,
      import_real_folder_verdicts: real.report.totals.verdicts,
      import_synthetic_trajectories: options.trajectories,
      import_synthetic_mb: mb(bytes),
      import_synthetic_kb_each: Math.round(bytes / options.trajectories / 1024),
      import_synthetic_ms: Math.round(synthetic.ms),
      import_synthetic_rollouts: synthetic.rollouts,
      import_synthetic_failed_files: synthetic.failed,
      import_synthetic_peak_rss_mb: mb(synthetic.peakRssKb * 1024),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Child mode: import one folder into one store file and print the figures as one JSON line. */
async function child(folder: string, dbFile: string): Promise<void> {
  const { ms, report } = await importFolder(folder, dbFile, "bench-synthetic-mini-swe-agent");
  const firstProblem = report.files.find((f) => f.problem)?.problem?.reason;
  process.stdout.write(`${JSON.stringify({ ms, rollouts: report.totals.rollouts, failed: report.totals.failed, peakRssKb: process.resourceUsage().maxRSS, firstProblem })}\n`);
}

if (process.argv[2] === CHILD_FLAG && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  child(process.argv[3]!, process.argv[4]!).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
