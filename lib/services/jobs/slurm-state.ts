// Reading Slurm's answers (22.05 formats, see shared/slurm/README.md) into a job status. Parsing only; the
// commands run in slurm-executor.ts.
export type SlurmPhase = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface SlurmState {
  state: string;
  phase: SlurmPhase;
  exitCode: number | null;
  reason: string | null;
}

const QUEUED = new Set(["PENDING", "CONFIGURING", "REQUEUED", "REQUEUE_FED", "REQUEUE_HOLD", "RESIZING", "SUSPENDED", "STOPPED"]);
const RUNNING = new Set(["RUNNING", "COMPLETING", "SIGNALING", "STAGE_OUT"]);

export function phaseOf(state: string): SlurmPhase {
  if (QUEUED.has(state)) return "queued";
  if (RUNNING.has(state)) return "running";
  if (state === "COMPLETED") return "succeeded";
  if (state === "CANCELLED") return "cancelled";
  // FAILED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, BOOT_FAIL, DEADLINE, PREEMPTED, REVOKED, SPECIAL_EXIT …
  return "failed";
}

/** "3:0" → 3 (exit status); "0:15" → null with the signal kept for the reason. */
export function parseExitCode(text: string | undefined): { exitCode: number | null; signal: number | null } {
  const match = /^(\d+):(\d+)$/.exec(text?.trim() ?? "");
  if (!match) return { exitCode: null, signal: null };
  const signal = Number(match[2]);
  return { exitCode: signal ? null : Number(match[1]), signal: signal || null };
}

/** The job id `sbatch --parsable` printed ("12" or "12;cluster"). */
export function parseSbatchOutput(stdout: string): string | null {
  const first = stdout.trim().split("\n")[0]?.split(";")[0]?.trim() ?? "";
  return /^\d+$/.test(first) ? first : null;
}

/** `squeue -h -j ID -o %i|%T|%r` → state, or null when the job is not (or no longer) in the queue. */
export function parseSqueue(stdout: string, id: string): SlurmState | null {
  for (const line of stdout.split("\n")) {
    const [jobId, state, reason] = line.trim().split("|");
    if (jobId === id && state) return { state, phase: phaseOf(state), exitCode: null, reason: reason && reason !== "None" ? reason : null };
  }
  return null;
}

/** `scontrol show job -o ID` → JobState, Reason and ExitCode. */
export function parseScontrol(stdout: string): SlurmState | null {
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}=(\\S*)`).exec(stdout)?.[1];
  const state = field("JobState");
  if (!state) return null;
  const { exitCode, signal } = parseExitCode(field("ExitCode"));
  const reason = field("Reason");
  return { state, phase: phaseOf(state), exitCode, reason: describeReason(state, reason, signal) };
}

/** `sacct -c -j ID --format=JobID,State,ExitCode -P -n` (the jobcomp file; "CANCELLED by 0" keeps its first word). */
export function parseSacct(stdout: string, id: string): SlurmState | null {
  for (const line of stdout.split("\n")) {
    const [jobId, stateText, exit] = line.trim().split("|");
    if (jobId !== id || !stateText) continue;
    const state = stateText.split(" ")[0];
    const { exitCode, signal } = parseExitCode(exit);
    return { state, phase: phaseOf(state), exitCode, reason: describeReason(state, undefined, signal) };
  }
  return null;
}

function describeReason(state: string, reason: string | undefined, signal: number | null): string | null {
  const parts: string[] = [];
  if (state !== "COMPLETED" && state !== "RUNNING" && state !== "PENDING") parts.push(`Slurm state ${state}`);
  if (reason && reason !== "None") parts.push(reason);
  if (signal) parts.push(`signal ${signal}`);
  return parts.length ? parts.join(", ") : null;
}
