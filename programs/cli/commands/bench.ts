// `harness-lab bench` (npm run bench): every benchmark, one JSON object as the last line of output.
// `npm run bench -- <name> [<name>…]` runs only those (the list: programs/bench/bench-list.ts; an unknown name
// prints them). Figures are measured against their baseline in the same run; the machine is shared and noisy.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { projectHome } from "../../../db/client";
import { BENCHES, BENCH_TARGETS, machine } from "../../bench/bench-list";

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { quick: { type: "boolean", default: false } } });
  const unknown = positionals.filter((name) => !BENCHES.some((b) => b.name === name));
  if (unknown.length) {
    process.stderr.write(`bench: no benchmark named ${unknown.join(", ")}; the benchmarks: ${BENCHES.map((b) => b.name).join(", ")}\n`);
    return 2;
  }
  const home = projectHome();
  if (!fs.existsSync(path.join(home, ".next", "BUILD_ID"))) {
    process.stderr.write("bench: no production build yet, running `next build`…\n");
    const build = spawnSync(process.execPath, [path.join(home, "node_modules", "next", "dist", "bin", "next"), "build"], { cwd: home, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }
  const quick = values.quick;
  const chosen = positionals.length ? BENCHES.filter((b) => positionals.includes(b.name)) : BENCHES;
  const result: Record<string, unknown> = { machine: machine(), quick, benches: chosen.map((b) => b.name) };
  let failed = false;
  for (const bench of chosen) {
    process.stderr.write(`bench: ${bench.what}…\n`);
    try {
      Object.assign(result, await bench.run({ home, quick }));
    } catch (error) {
      // One failing benchmark does not cost the others' figures; it is named in the output and the exit code.
      process.stderr.write(`bench: ${bench.name} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      result[`${bench.name}_error`] = error instanceof Error ? error.message.slice(0, 2000) : String(error);
      failed = true;
    }
  }
  result.machine_after = machine();
  result.targets = BENCH_TARGETS;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return failed ? 1 : 0;
}
