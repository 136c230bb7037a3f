// Deterministic ids for what the followers derive from trainers' files. A file read twice, by a restarted
// follower or by a one-shot import of the finished directory, yields the same ids, so the store answers
// "unchanged" instead of duplicating rollouts.
import { createHash } from "node:crypto";

export interface FollowRun {
  /** Experiment id (and name) the run belongs to. */
  experiment: string;
  /** Run id. */
  run: string;
}

export function shortHash(text: string, length = 16): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/** A task is a prompt of a benchmark: the same prompt text always maps to the same task. */
export function promptTaskId(benchmark: string, prompt: string): string {
  return `${benchmark.slice(0, 120)}:${shortHash(prompt)}`;
}

/** One rollout per source record: the file it came from and its line (or row) there. */
export function sourceRolloutId(run: FollowRun, relPath: string, line: number): string {
  const id = `${run.run}:${relPath}#${line}`;
  return id.length <= 256 ? id : `${run.run.slice(0, 100)}:${shortHash(`${relPath}#${line}`, 32)}`;
}

/** The run id followers use when none is given: experiment and run name together. */
export function followRunId(experiment: string, runName: string): string {
  return `${experiment}/${runName}`;
}
