// Helpers the backup and restore tests share: a seeded store on disk and a writer process beside it.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { benchRollout, benchSetupEvents } from "../../../programs/bench/synthetic-rollouts";
import { writerTurns } from "../../../programs/bench/writer-child";

export const repoHome = path.resolve(import.meta.dirname, "../../..");

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "hl-backup-test-"));
}

/** A store file with `rollouts` rollouts of the writer's shape under `prefix`, closed again. */
export function seedStore(file: string, prefix: string, rollouts: number, turnBytes = 400): void {
  const store = openStore(file);
  try {
    const setup = applyEvents(store, benchSetupEvents(prefix));
    if (!setup.ok) throw new Error(JSON.stringify(setup.errors));
    for (let i = 0; i < rollouts; i += 50) {
      const batch = Array.from({ length: Math.min(50, rollouts - i) }, (_, k) => benchRollout(prefix, i + k, writerTurns(i + k), turnBytes));
      const outcome = applyEvents(store, batch);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    }
  } finally {
    store.sqlite.close();
  }
}

/** Starts writer-child.ts on `file`; resolves once it has the store open and is writing. */
export async function startWriter(file: string, prefix: string, start: number | "hold"): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--expose-gc", "--conditions=react-server", "--import", "tsx", path.join(repoHome, "programs/bench/writer-child.ts"), file, prefix, String(start)], {
    cwd: repoHome,
    env: { ...process.env, HARNESS_LAB_HOME: repoHome },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the writer exited (${code}): ${err.slice(-2000)}`)));
  });
  return child;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** Every file of `dir` with a hash of its bytes: equal snapshots mean nothing in the directory changed. */
export function directorySnapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) out[name] = crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, name))).digest("hex");
  return out;
}
