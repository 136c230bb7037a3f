// What every format translator gets and gives: one record read from a trainer's file, the events it
// stands for, or the reason it cannot be read (reported as file:line while the rest goes on).
import type { FollowRun } from "../follow-ids";

export interface SampleCounter {
  /** The next sample index of this prompt at this step (0, 1, …), remembered across passes. */
  next(step: number, taskKey: string): number;
}

export interface RecordInput {
  run: FollowRun;
  /** Path relative to the followed directory, with "/" separators. */
  relPath: string;
  /** 1-based line (JSONL) or row (Parquet) number. */
  line: number;
  record: unknown;
  samples: SampleCounter;
}

export type RecordResult = { events: Record<string, unknown>[] } | { problem: string };

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The step a path names: step_12, global_step_12_evals, 12.jsonl, completions_00012.parquet. */
export function stepFromPath(relPath: string): number | null {
  const patterns = [/(?:^|\/)global_step_(\d+)/, /(?:^|\/)step_(\d+)(?:\/|$)/, /(?:^|\/)(\d+)\.jsonl$/, /completions_(\d+)\.parquet$/];
  for (const pattern of patterns) {
    const match = pattern.exec(relPath);
    if (match) return Number(match[1]);
  }
  return null;
}
