// The local executor's process handling: spawn a job (no shell, its own process group, output to its log),
// read how it ended, and signal its whole group. Confined in bubblewrap when a sandbox is given (the wrapper
// starts it: it stays outside to record the exit and forward the dashboard's connections).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { WrapperSandbox } from "./sandbox";
import { openRegularFile } from "./job-log-file";
import { formatIdentity, livingGroupMembers, parseIdentity, readProcStat } from "./process-identity";

export interface SpawnInput {
  nodePath: string;
  wrapperPath: string;
  exitFile: string;
  logPath: string;
  /** Run the program inside bubblewrap (sandbox.ts); null: unconfined. */
  sandbox: WrapperSandbox | null;
  argv: readonly string[];
  env: Record<string, string>;
  cwd: string;
}

export type SpawnResult = { ok: true; child: ChildProcess; externalId: string } | { ok: false; error: string };

export async function spawnJob(input: SpawnInput): Promise<SpawnResult> {
  let cwdStat: fs.Stats | null = null;
  try {
    cwdStat = fs.statSync(input.cwd);
  } catch {
    // reported below
  }
  if (!cwdStat?.isDirectory()) return { ok: false, error: `the working directory ${input.cwd} does not exist` };
  const log = fs.openSync(input.logPath, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600);
  let child: ChildProcess;
  try {
    // detached: setsid() — the job leads its own process group and session, so it outlives a dashboard restart
    // and a cancel can signal every process it started.
    const sandbox = input.sandbox ? [`--sandbox=${JSON.stringify(input.sandbox)}`] : [];
    child = spawn(input.nodePath, [input.wrapperPath, input.exitFile, ...sandbox, ...input.argv], {
      cwd: input.cwd, env: input.env as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", log, log], shell: false,
    });
  } finally {
    fs.closeSync(log);
  }
  if (child.pid === undefined) {
    const error = await new Promise<Error>((resolve) => child.once("error", resolve));
    return { ok: false, error: `could not start the job: ${error.message}` };
  }
  child.unref();
  // If it already ended, its pid is still recorded (start time 0): the exit file tells how it ended.
  const stat = readProcStat(child.pid);
  return { ok: true, child, externalId: formatIdentity(child.pid, stat?.startTime ?? "0") };
}

export interface ExitRecord {
  exitCode: number | null;
  signal: string | null;
  error?: string;
  endedAt?: number;
}

/** How the job ended, as its wrapper wrote it; null when there is no such record (or only something else at the path). */
export function readExitRecord(exitFile: string): ExitRecord | null {
  const opened = openRegularFile(exitFile);
  if (!opened.ok) return null;
  try {
    const value = JSON.parse(fs.readFileSync(opened.fd, "utf8")) as ExitRecord;
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  } finally {
    fs.closeSync(opened.fd);
  }
}

/** Signals the job's process group (its pgid is the wrapper's pid). False when nothing was there to signal. */
export function signalGroup(externalId: string | null, signal: NodeJS.Signals): boolean {
  const id = parseIdentity(externalId);
  if (!id) return false;
  try {
    process.kill(-id.pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(externalId: string | null): boolean {
  const id = parseIdentity(externalId);
  return id !== null && livingGroupMembers(id.pid).length > 0;
}
