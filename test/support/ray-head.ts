// A real Ray head for tests (the ray executor's tests and e2e): Ray from the cached venv of
// scripts/ray-venv.sh, started with `ray start --head` on loopback with its dashboard — which serves the Jobs
// REST API — on free ports, in a temporary directory of its own. The helper owns the head's life: stop() ends
// every process of THIS head (found by a marker in their environment, which each Ray process and job
// inherits) and removes its directory. Never the machine-wide `ray stop`: that would also end other heads
// (another test file's, or anyone's on this machine).
//
// The dashboard needs five packages the local index lacks; for each one the venv cannot import, the import
// shim under test/support/ray-shims/ goes on the head's PYTHONPATH (see its README). With an index that has
// `ray[default]` whole, no shim is used.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/services/server/free-port";
import { processTree } from "../../programs/bench/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SHIMS = path.join(ROOT, "test", "support", "ray-shims");
/** Module → its shim's directory (colorful needs none: Ray falls back to plain text without it). */
const SHIMMED: Record<string, string | null> = {
  aiohttp_cors: "aiohttp_cors",
  opencensus: "opencensus",
  "opentelemetry.exporter.prometheus": "opentelemetry-exporter-prometheus",
  "opentelemetry.semconv": "opentelemetry-semantic-conventions",
  colorful: null,
};
const MARKER = "HARNESS_LAB_TEST_RAY_HEAD";

export interface RayHead {
  /** The dashboard's address, for HARNESS_LAB_RAY_ADDRESS. */
  address: string;
  /** The venv's Python (Ray's CLI: python -m ray.scripts.scripts). */
  python: string;
  /** The shims in use (empty when ray[default] is installed whole). */
  shims: string[];
  dir: string;
  stop(): Promise<void>;
}

/** The cached Ray venv's Python (built on first use, ~10–20 s). */
export function rayPython(): string {
  return execFileSync("bash", [path.join(ROOT, "scripts", "ray-venv.sh")], { encoding: "utf8", timeout: 600_000, stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function missingModules(python: string): string[] {
  const probe = `import importlib.util, sys\nfor m in sys.argv[1:]:\n    try:\n        found = importlib.util.find_spec(m) is not None\n    except ModuleNotFoundError:\n        found = False\n    if not found: print(m)`;
  return execFileSync(python, ["-c", probe, ...Object.keys(SHIMMED)], { encoding: "utf8" }).split("\n").filter(Boolean);
}

const run = (python: string, args: string[], env: Record<string, string | undefined>, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    execFile(python, ["-m", "ray.scripts.scripts", ...args], { env: env as NodeJS.ProcessEnv, timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`ray ${args[0]} failed: ${error.message}\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`));
      else resolve();
    });
  });

/**
 * Pids of this head's processes: everything whose environment carries its marker, and everything those started.
 * The raylet's agents (ray::DashboardAgent, ray::RuntimeEnvAgent) overwrite their environment with their process
 * title, so only their parent tells whose they are.
 */
function headPids(dir: string): number[] {
  const needle = Buffer.from(`\0${MARKER}=${dir}\0`);
  const marked: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = Buffer.concat([Buffer.from("\0"), fs.readFileSync(`/proc/${entry}/environ`)]);
      if (environ.includes(needle)) marked.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return marked.length ? processTree(...marked) : [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * SIGKILL to the head's whole tree, again until a look finds none (a worker may start while the head stops). No
 * SIGTERM first: the head is a throwaway whose folder goes next, so it has nothing to save; after a SIGTERM its
 * GCS server and the autoscaler's monitor sat out a 5 s grace at every stop, and the raylet's agents, which no
 * look by marker finds, ran on as orphans at half a core each for about two minutes.
 */
async function killHead(dir: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const pids = headPids(dir);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 2_000;
    while (headPids(dir).length > 0 && Date.now() < deadline) await sleep(100);
  }
}

export async function startRayHead(options: { cpus?: number } = {}): Promise<RayHead> {
  const python = rayPython();
  const shims = missingModules(python).flatMap((m) => (SHIMMED[m] ? [path.join(SHIMS, SHIMMED[m]!)] : []));
  // Short: Ray's unix sockets live under it (a socket path holds at most 107 bytes).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-ray-"));
  const [gcs, dashboard, agentHttp, agentGrpc, metrics, client, runtimeEnv, nodeManager, objectManager] = await Promise.all(Array.from({ length: 9 }, () => freePort()));
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? "C.UTF-8", TMPDIR: os.tmpdir(),
    [MARKER]: dir,
    RAY_USAGE_STATS_ENABLED: "0",
    // No compiled files next to the shims' sources in the repository (nor anywhere else).
    PYTHONDONTWRITEBYTECODE: "1",
    ...(shims.length ? { PYTHONPATH: shims.join(path.delimiter) } : {}),
  };
  const address = `http://127.0.0.1:${dashboard}`;
  try {
    await run(python, [
      "start", "--head", "--node-ip-address=127.0.0.1", `--port=${gcs}`, "--include-dashboard=true", "--dashboard-host=127.0.0.1", `--dashboard-port=${dashboard}`,
      `--dashboard-agent-listen-port=${agentHttp}`, `--dashboard-agent-grpc-port=${agentGrpc}`, `--metrics-export-port=${metrics}`, `--ray-client-server-port=${client}`,
      `--runtime-env-agent-port=${runtimeEnv}`, `--node-manager-port=${nodeManager}`, `--object-manager-port=${objectManager}`,
      `--num-cpus=${options.cpus ?? 4}`, "--num-gpus=0", `--temp-dir=${dir}`, "--disable-usage-stats",
    ], env, 180_000);
    // `ray start` returns once the head runs; the dashboard's Jobs API may come a moment later.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const up = await fetch(`${address}/api/jobs/`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`the Ray dashboard at ${address} did not answer within 90 s (logs: ${dir}/session_latest/logs)`);
      await sleep(500);
    }
  } catch (error) {
    await killHead(dir);
    throw error;
  }
  return {
    address, python, shims, dir,
    async stop() {
      await killHead(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
