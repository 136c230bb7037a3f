#!/usr/bin/env node
// The `harness-lab` command. It re-runs Node with TypeScript support (tsx) and the "react-server"
// export condition, so the same server-only modules the dashboard uses can be imported here.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const home = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const main = path.join(home, "programs", "cli", "main.ts");
const result = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", main, ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env, HARNESS_LAB_HOME: process.env.HARNESS_LAB_HOME ?? home },
    cwd: process.cwd(),
  },
);
if (result.error) {
  console.error(`harness-lab: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? (result.signal ? 1 : 0));
