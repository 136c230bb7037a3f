// What the tests of `harness-lab import` share: a temporary folder per test, and the command run in-process with
// what it prints captured (stdout as the report; stderr, its progress lines, silenced). HARNESS_LAB_URL is
// cleared so a server in the test's environment is never written to. Call once at a test file's top level.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { run } from "../../../programs/cli/commands/import";

export interface ImportCli {
  /** This test's temporary folder (removed after it). */
  readonly dir: string;
  /** Runs `harness-lab import ARGS…`: its exit code and what it printed on stdout. */
  run(args: string[]): Promise<{ exit: number; out: string }>;
}

export function importCli(prefix: string): ImportCli {
  let dir = "";
  let out = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    vi.stubEnv("HARNESS_LAB_URL", "");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    async run(args) {
      out = "";
      const exit = await run(args);
      return { exit, out };
    },
  };
}
