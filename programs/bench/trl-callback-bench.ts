// What the TRL integration costs a real GRPOTrainer (issue 37: under 1 % of step time): trl-callback-bench.py,
// run in the cached TRL venv (scripts/trl-venv.sh builds it once), times the same tiny CPU run without and with
// HarnessLabCallback in one process, against a live server. Its figures come back prefixed `trl_callback_`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export async function runTrlCallbackBench(options: { home: string; quick: boolean }): Promise<Record<string, unknown>> {
  const venv = spawnSync("bash", [path.join(options.home, "scripts", "trl-venv.sh")], { cwd: options.home, encoding: "utf8", timeout: 15 * 60_000 });
  if (venv.status !== 0) throw new Error(`the TRL venv could not be built (${venv.status}): ${venv.stderr.slice(-2000)}`);
  const python = venv.stdout.trim().split("\n").pop()!;
  const hfHome = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-trl-hf-"));
  try {
    const args = [path.join(options.home, "programs", "bench", "trl-callback-bench.py"), "--steps", options.quick ? "6" : "20", "--rounds", options.quick ? "2" : "3"];
    const result = spawnSync(python, args, {
      cwd: options.home,
      env: {
        ...process.env, PYTHONPATH: path.join(options.home, "clients", "python"), HF_HOME: hfHome,
        HF_HUB_OFFLINE: "1", HF_DATASETS_OFFLINE: "1", TRANSFORMERS_OFFLINE: "1", TOKENIZERS_PARALLELISM: "false",
      },
      encoding: "utf8",
      timeout: 30 * 60_000,
    });
    const line = (result.stdout ?? "").trim().split("\n").pop() ?? "";
    if (!line.startsWith("{")) throw new Error(`the TRL callback bench failed (${result.status}): ${(result.stderr ?? "").slice(-2000)}`);
    const figures = JSON.parse(line) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(figures).filter(([key]) => key !== "bench").map(([key, value]) => [`trl_callback_${key}`, value]));
  } finally {
    fs.rmSync(hfHome, { recursive: true, force: true });
  }
}
