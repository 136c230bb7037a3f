// `harness-lab serve` (npm start): apply migrations, build once if there is no production build,
// add the example batch to a brand-new store, then run `next start` on HOST:PORT (default 127.0.0.1:3000).
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { defaultDatabaseFile, openStore, projectHome } from "../../../db/client";
import { seedExampleIfEmpty } from "../../server/seed-example";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { "no-example": { type: "boolean", default: false }, rebuild: { type: "boolean", default: false } } });
  const home = projectHome();
  const next = path.join(home, "node_modules", "next", "dist", "bin", "next");
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", HOST: process.env.HOST ?? "127.0.0.1", PORT: process.env.PORT ?? "3000" };

  const store = openStore(defaultDatabaseFile());
  if (!values["no-example"] && seedExampleIfEmpty(store)) process.stdout.write("Harness Lab: empty store, added the example experiment\n");
  store.sqlite.close();

  if (values.rebuild || !fs.existsSync(path.join(home, ".next", "BUILD_ID"))) {
    process.stdout.write("Harness Lab: building the dashboard (once; `npm run build` after updates)…\n");
    const build = spawnSync(process.execPath, [next, "build"], { cwd: home, env, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }

  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, next, "start", "-H", env.HOST, "-p", env.PORT], { cwd: home, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  return new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}
