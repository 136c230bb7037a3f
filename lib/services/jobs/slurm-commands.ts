// Talking to Slurm through its command-line tools: execFile with argument arrays (no shell) and timeouts.
// `scontrol ping` first: it answers at once, where sbatch and squeue take 9–18 s to give up on a controller
// that is down — so an unreachable scheduler is a clear error at launch, not a job stuck in "queued".
import { execFile } from "node:child_process";
import { parseSacct, parseSbatchOutput, parseScontrol, parseSqueue, type SlurmState } from "./slurm-state";
import { cancelRest, queryRest, type SlurmRestOptions } from "./slurm-rest";

export interface SlurmOptions {
  /** Environment of the Slurm commands (an allow-list of the server's, SLURM_CONF included). */
  env: Record<string, string>;
  timeoutMs: number;
  /** Set (HARNESS_LAB_SLURMRESTD_URL): follow and cancel through slurmrestd instead of the commands. */
  rest?: SlurmRestOptions | null;
}

interface Answer {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** ENOENT, ETIMEDOUT … when the command did not run to an exit status. */
  failure: string | null;
}

function run(command: string, args: readonly string[], options: SlurmOptions): Promise<Answer> {
  return new Promise((resolve) => {
    execFile(command, args, { env: options.env as NodeJS.ProcessEnv, encoding: "utf8", timeout: options.timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve({ ok: true, stdout, stderr, failure: null });
      const code = (error as NodeJS.ErrnoException).code;
      const failure = code === "ENOENT" ? `${command} is not installed here (not found on PATH)` : error.killed ? `${command} did not answer within ${Math.round(options.timeoutMs / 1000)} s` : null;
      resolve({ ok: false, stdout, stderr, failure });
    });
  });
}

const firstLine = (answer: Answer) => answer.failure ?? (answer.stderr.trim().split("\n").pop() || answer.stdout.trim().split("\n")[0] || "no output");

/** null when the controller answers; otherwise why not. */
export async function slurmUnreachable(options: SlurmOptions): Promise<string | null> {
  const answer = await run("scontrol", ["ping"], options);
  if (answer.ok && /\bUP\b/.test(answer.stdout)) return null;
  return `the Slurm controller is not reachable (${answer.failure ?? (answer.stdout.trim().split("\n")[0] || firstLine(answer))})`;
}

export async function submitBatch(scriptPath: string, options: SlurmOptions): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const down = await slurmUnreachable(options);
  if (down) return { ok: false, error: down };
  const answer = await run("sbatch", ["--parsable", scriptPath], options);
  if (!answer.ok) return { ok: false, error: `sbatch refused the job: ${firstLine(answer)}` };
  const id = parseSbatchOutput(answer.stdout);
  return id ? { ok: true, id } : { ok: false, error: `sbatch printed no job id: ${answer.stdout.trim().slice(0, 200)}` };
}

export type SlurmQuery = { kind: "known"; state: SlurmState } | { kind: "unknown" } | { kind: "unreachable"; error: string };

/** The job's state: the queue first, then the controller's memory of ended jobs, then the jobcomp file. */
export async function querySlurmJob(id: string, options: SlurmOptions): Promise<SlurmQuery> {
  if (options.rest) {
    const answer = await queryRest(id, options.rest);
    return answer.kind === "error" ? { kind: "unreachable", error: answer.error } : answer;
  }
  const down = await slurmUnreachable(options);
  if (down) return { kind: "unreachable", error: down };
  const queue = await run("squeue", ["-h", "-j", id, "-o", "%i|%T|%r"], options);
  const queued = queue.ok ? parseSqueue(queue.stdout, id) : null;
  if (queued) return { kind: "known", state: queued };
  const shown = await run("scontrol", ["show", "job", "-o", id], options);
  const known = shown.ok ? parseScontrol(shown.stdout) : null;
  if (known) return { kind: "known", state: known };
  const accounted = await run("sacct", ["-c", "-j", id, "--format=JobID,State,ExitCode", "-P", "-n"], options);
  const finished = accounted.ok ? parseSacct(accounted.stdout, id) : null;
  if (finished) return { kind: "known", state: finished };
  return { kind: "unknown" };
}

export async function cancelSlurmJob(id: string, options: SlurmOptions): Promise<{ ok: true } | { ok: false; error: string }> {
  if (options.rest) return cancelRest(id, options.rest);
  const answer = await run("scancel", [id], options);
  return answer.ok ? { ok: true } : { ok: false, error: `scancel failed: ${firstLine(answer)}` };
}
