// First start: a brand-new store (no experiments, no users) gets the reference experiment, run in the
// background against the server that was just started, so the dashboard fills while the newcomer looks.
// It goes through the public API with its own short-lived token, as any trainer would.
import "server-only";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { inheritedEnv } from "../jobs/job-config";
import type { Store } from "../../../db/client";
import { createFirstStartToken } from "../auth/api-tokens";
import { makePrivateDirectory, openPrivateAppend } from "../../files/private-files";

export function isBrandNewStore(store: Store): boolean {
  const experiments = store.sqlite.prepare("SELECT count(*) FROM experiments").pluck().get() as number;
  const users = store.sqlite.prepare("SELECT count(*) FROM users").pluck().get() as number;
  return experiments === 0 && users === 0;
}

/**
 * An ingest + read token that expires in a day: enough for the run, useless afterwards. Its harness versions
 * arrive "first_start" and need no review (lib/harness-trust/arrival.ts): they are the installation's own demo.
 */
export function mintReferenceToken(store: Store): string {
  return createFirstStartToken(store).secret;
}

export async function waitForServer(url: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/openapi.json`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** The server's allow-listed environment, as a job gets: never HARNESS_LAB_ADMIN_TOKEN or other secrets. */
export function referenceExperimentEnv(token: string, env: Readonly<Record<string, string | undefined>> = process.env): Record<string, string> {
  return { ...inheritedEnv(env as NodeJS.ProcessEnv), NEXT_TELEMETRY_DISABLED: "1", HARNESS_LAB_TOKEN: token };
}

export function startReferenceExperiment(input: { home: string; url: string; token: string; size: string; logFile: string }): ChildProcess {
  makePrivateDirectory(path.dirname(input.logFile));
  // Owner-only whatever the umask, like the store beside it.
  const log = openPrivateAppend(input.logFile);
  // An argument array, never a shell string; the token travels in the environment, not in `ps` output.
  return spawn(process.execPath, [path.join(input.home, "bin", "harness-lab.mjs"), "demo", "--server", input.url, "--size", input.size], {
    cwd: input.home,
    env: referenceExperimentEnv(input.token) as NodeJS.ProcessEnv,
    stdio: ["ignore", log, log],
  });
}
