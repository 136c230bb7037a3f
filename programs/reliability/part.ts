// What each part of `harness-lab reliability` returns: its figures for the JSON, and the assertions that
// failed (empty when the part holds). The command exits non-zero if any part has a failure.
export interface ReliabilityOptions {
  home: string;
  /** CI's reduced form: fewer iterations, the same assertions. */
  quick: boolean;
  /** Seed of every random choice (kill moments, generated inputs), printed so a run can be repeated. */
  seed: number;
  /** Progress lines go here (stderr); the JSON goes to stdout. */
  log(line: string): void;
}

export interface ReliabilityPartResult {
  figures: Record<string, unknown>;
  failures: string[];
}

export type ReliabilityPart = (options: ReliabilityOptions) => Promise<ReliabilityPartResult>;
