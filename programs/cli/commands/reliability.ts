// `harness-lab reliability` (npm run reliability): crash safety, hostile input and concurrency against the
// production server, each with its figures in one JSON object on stdout. `--quick` is CI's reduced form
// (fewer iterations, the same assertions); the exit code is 1 when any assertion fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { projectHome } from "../../../db/client";
import type { ReliabilityOptions, ReliabilityPart } from "../../reliability/part";
import { runCrashSafety } from "../../reliability/crash-safety";
import { runHostileInputs } from "../../reliability/hostile-inputs";
import { runConcurrency } from "../../reliability/concurrency";

const PARTS: Record<string, ReliabilityPart> = {
  crash_safety: runCrashSafety,
  hostile_input: runHostileInputs,
  concurrency: runConcurrency,
};

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string", multiple: true },
      seed: { type: "string" },
    },
  });
  const only = values.only ?? Object.keys(PARTS);
  const unknown = only.filter((name) => !(name in PARTS));
  if (unknown.length > 0) {
    process.stderr.write(`reliability: --only: unknown part ${unknown.join(", ")} (parts: ${Object.keys(PARTS).join(", ")})\n`);
    return 2;
  }
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  if (!Number.isInteger(seed)) {
    process.stderr.write(`reliability: --seed: expected an integer, got "${values.seed}"\n`);
    return 2;
  }
  const home = projectHome();
  if (!fs.existsSync(path.join(home, ".next", "BUILD_ID"))) {
    process.stderr.write("reliability: no production build yet, running `next build`…\n");
    const build = spawnSync(process.execPath, [path.join(home, "node_modules", "next", "dist", "bin", "next"), "build"], { cwd: home, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }
  const options: ReliabilityOptions = { home, quick: values.quick, seed, log: (line) => process.stderr.write(`reliability: ${line}\n`) };
  const result: Record<string, unknown> = {
    machine: { cpus: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    quick: values.quick,
    seed,
  };
  const failures: string[] = [];
  for (const name of only) {
    options.log(`${name}…`);
    const started = Date.now();
    const part = await PARTS[name](options);
    result[name] = { ...part.figures, seconds: Math.round((Date.now() - started) / 100) / 10, ok: part.failures.length === 0 };
    failures.push(...part.failures.map((failure) => `${name}: ${failure}`));
  }
  result.failures = failures;
  result.ok = failures.length === 0;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  for (const failure of failures) process.stderr.write(`reliability: FAILED ${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}
