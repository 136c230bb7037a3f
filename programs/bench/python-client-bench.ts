// Python client vs TypeScript client, same run, same server, same rollouts (30 turns of ~1 KB): rollouts/s
// from the first send until the server has them all (flush), alternating which client goes first; and the
// time one `log_rollout` call blocks the Python caller (p50/p99). The Python side is python-client-bench.py.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HarnessLabClient } from "../../lib/client/harness-lab-client";
import { benchRollout, benchSetupEvents } from "./synthetic-rollouts";
import { startProductionServer } from "./server-process";
import { median } from "./percentile";

export interface PythonClientBenchOptions {
  home: string;
  rollouts: number;
  rounds: number;
}

interface PythonFigures {
  rollouts_per_s: number;
  block_p50_ms: number;
  block_p99_ms: number;
  block_max_ms: number;
  cpu_p99_ms: number;
  floor_p50_ms: number;
  floor_p99_ms: number;
  applied: number;
}

async function tsRound(url: string, token: string, prefix: string, n: number): Promise<number> {
  const client = new HarnessLabClient({ url, token });
  await client.sendMany(benchSetupEvents(prefix));
  await client.flush();
  const rollouts = Array.from({ length: n }, (_, i) => benchRollout(prefix, i));
  const start = performance.now();
  for (const rollout of rollouts) await client.send(rollout);
  await client.flush();
  return n / ((performance.now() - start) / 1000);
}

function pythonRound(home: string, url: string, token: string, prefix: string, n: number): PythonFigures {
  const script = path.join(home, "programs", "bench", "python-client-bench.py");
  const result = spawnSync("python3", [script, "--url", url, "--token", token, "--prefix", prefix, "--rollouts", String(n)], {
    cwd: home,
    env: { ...process.env, PYTHONPATH: path.join(home, "clients", "python") },
    encoding: "utf8",
    timeout: 20 * 60_000,
  });
  if (result.status !== 0) throw new Error(`python client bench failed (${result.status}): ${result.stderr.slice(-2000)}`);
  const figures = JSON.parse(result.stdout.trim().split("\n").pop()!) as PythonFigures;
  if (figures.applied !== n) throw new Error(`python client bench: ${figures.applied} of ${n} rollouts applied`);
  return figures;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function runPythonClientBench(options: PythonClientBenchOptions): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-py-"));
  const token = `hl_bench_${Math.random().toString(36).slice(2)}`;
  const server = await startProductionServer(options.home, {
    HARNESS_LAB_DB: path.join(dir, "bench.db"), HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1",
  });
  try {
    // Warm the server (JIT, page cache) on a round not counted.
    await tsRound(server.url, token, "warm-ts", Math.min(200, options.rollouts));
    pythonRound(options.home, server.url, token, "warm-py", Math.min(200, options.rollouts));
    const ts: number[] = [];
    const py: PythonFigures[] = [];
    for (let r = 0; r < options.rounds; r++) {
      if (r % 2 === 0) {
        ts.push(await tsRound(server.url, token, `ts${r}`, options.rollouts));
        py.push(pythonRound(options.home, server.url, token, `py${r}`, options.rollouts));
      } else {
        py.push(pythonRound(options.home, server.url, token, `py${r}`, options.rollouts));
        ts.push(await tsRound(server.url, token, `ts${r}`, options.rollouts));
      }
    }
    const ratios = py.map((p, i) => p.rollouts_per_s / ts[i]);
    return {
      python_client_rollouts: options.rollouts,
      python_client_rounds: options.rounds,
      python_client_rollouts_per_s: Math.round(median(py.map((p) => p.rollouts_per_s))),
      ts_client_rollouts_per_s: Math.round(median(ts)),
      python_vs_ts_client_ratio: round2(median(ratios)),
      python_vs_ts_client_ratio_per_round: ratios.map(round2),
      python_log_rollout_block_p50_ms: round3(median(py.map((p) => p.block_p50_ms))),
      python_log_rollout_block_p99_ms: round3(median(py.map((p) => p.block_p99_ms))),
      python_log_rollout_block_max_ms: round2(Math.max(...py.map((p) => p.block_max_ms))),
      // The caller thread's own CPU time per call (no waiting counted), and the same event built and
      // serialized without any client, timed the same way just before: the machine's floor right now.
      python_log_rollout_cpu_p99_ms: round3(median(py.map((p) => p.cpu_p99_ms))),
      python_no_client_floor_p50_ms: round3(median(py.map((p) => p.floor_p50_ms))),
      python_no_client_floor_p99_ms: round3(median(py.map((p) => p.floor_p99_ms))),
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
