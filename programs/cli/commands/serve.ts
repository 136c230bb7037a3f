// `harness-lab serve` (npm start): apply migrations, build once if there is no production build, run the
// server (lib/services/server/serve-http.mjs: Next's handler behind the direct ingest door) on HOST:PORT (default
// 127.0.0.1:3000) and, on a brand-new store, the reference experiment in the background (HARNESS_LAB_NO_DEMO=1
// turns that off; HARNESS_LAB_DEMO_SIZE=small shrinks it).
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { defaultDatabaseFile, openStore, projectHome } from "../../../db/client";
import { isBrandNewStore, mintReferenceToken, startReferenceExperiment, waitForServer } from "../../../lib/services/server/first-start-demo";
import { serverCommand } from "../../../lib/services/server/server-command";
import { readableStoreWarnings } from "../../../lib/files/private-files";

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { rebuild: { type: "boolean", default: false } } });
  const home = projectHome();
  const next = path.join(home, "node_modules", "next", "dist", "bin", "next");
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", HOST: process.env.HOST ?? "127.0.0.1", PORT: process.env.PORT ?? "3000" };

  const storeFile = defaultDatabaseFile();
  // Checked before opening: a store we create is private, but one made by an older version (or copied in)
  // may be readable by every local user.
  if (storeFile !== ":memory:") for (const line of readableStoreWarnings(storeFile)) process.stderr.write(`${line}\n`);
  const store = openStore(storeFile);
  const referenceToken = process.env.HARNESS_LAB_NO_DEMO !== "1" && isBrandNewStore(store) ? mintReferenceToken(store) : null;
  const dataDir = path.dirname(store.file);
  store.sqlite.close();

  if (values.rebuild || !fs.existsSync(path.join(home, ".next", "BUILD_ID"))) {
    process.stdout.write("Harness Lab: building the dashboard (once; `npm run build` after updates)…\n");
    const build = spawnSync(process.execPath, [next, "build"], { cwd: home, env, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }

  const server = spawn(process.execPath, serverCommand(home, env.HOST, env.PORT), { cwd: home, env, stdio: "inherit" });
  let reference: ReturnType<typeof startReferenceExperiment> | null = null;
  if (referenceToken) {
    const url = `http://${env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST}:${env.PORT}`;
    const logFile = path.join(dataDir, "reference-experiment.log");
    void waitForServer(url).then((up) => {
      if (!up) return void process.stderr.write("Harness Lab: the server did not come up; the reference experiment was not started\n");
      process.stdout.write(`Harness Lab: empty store — running the reference experiment in the background (log: ${logFile}); HARNESS_LAB_NO_DEMO=1 turns this off\n`);
      reference = startReferenceExperiment({ home, url, token: referenceToken, size: process.env.HARNESS_LAB_DEMO_SIZE ?? "default", logFile });
      reference.on("exit", (code) => process.stdout.write(`Harness Lab: the reference experiment ${code === 0 ? "finished" : `stopped (exit ${code}); see ${logFile}`}\n`));
    });
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      reference?.kill(signal);
      server.kill(signal);
    });
  }
  return new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}
