// Per-task flips between two selected cells A → B: a task is rescued when B solves it more often than A
// (p̂ᵢ(B) > p̂ᵢ(A); with one attempt each, failed → solved) and regressed when less often. Only tasks both
// cells attempted can flip. McNemar's exact test needs one attempt per task on each side; with repeats
// the paired Δ over p̂ᵢ is what remains, and the result says why McNemar is not given.
import { mcnemarExact, type McNemarResult } from "./mcnemar";
import { pairedDelta, type PairedDelta } from "./paired-delta";
import { taskRate, type TaskAttempts } from "./pass-at-1";

export interface CellTaskAttempt {
  repeat: number;
  success: boolean;
  /** The trajectory of this attempt, when the evaluator linked one. */
  rolloutId: string | null;
}

/** One task of one cell with each of its attempts (one per repeat, normally). */
export interface CellTask extends TaskAttempts {
  key: string;
  title: string | null;
  runs: CellTaskAttempt[];
}

export type FlipKind = "rescued" | "regressed";

export interface TaskFlip {
  taskId: string;
  key: string;
  title: string | null;
  kind: FlipKind;
  a: CellTask;
  b: CellTask;
  /** p̂ᵢ(B) − p̂ᵢ(A). */
  change: number;
}

export type McNemarOutcome =
  | { applicable: true; result: McNemarResult }
  | { applicable: false; reason: "no-shared-tasks" }
  | { applicable: false; reason: "repeats"; maxAttemptsA: number; maxAttemptsB: number };

export interface CellFlips {
  rescued: TaskFlip[];
  regressed: TaskFlip[];
  /** Shared tasks that did not flip, by how they stand. */
  bothSolved: number;
  bothFailed: number;
  /** Same p̂ᵢ strictly between 0 and 1 on both sides (possible only with repeats). */
  samePartial: number;
  shared: number;
  onlyA: number;
  onlyB: number;
  /** B − A over shared tasks. */
  paired: PairedDelta;
  mcnemar: McNemarOutcome;
}

const byMagnitude = (x: TaskFlip, y: TaskFlip) => Math.abs(y.change) - Math.abs(x.change) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);

export function cellFlips(a: readonly CellTask[], b: readonly CellTask[]): CellFlips {
  const bById = new Map(b.filter((t) => t.attempts > 0).map((t) => [t.taskId, t]));
  const rescued: TaskFlip[] = [];
  const regressed: TaskFlip[] = [];
  let bothSolved = 0;
  let bothFailed = 0;
  let samePartial = 0;
  let shared = 0;
  let maxAttemptsA = 0;
  let maxAttemptsB = 0;
  let oneEach = true;
  for (const ta of a) {
    if (ta.attempts === 0) continue;
    const tb = bById.get(ta.taskId);
    if (!tb) continue;
    shared += 1;
    maxAttemptsA = Math.max(maxAttemptsA, ta.attempts);
    maxAttemptsB = Math.max(maxAttemptsB, tb.attempts);
    if (ta.attempts !== 1 || tb.attempts !== 1) oneEach = false;
    const ra = taskRate(ta);
    const rb = taskRate(tb);
    const flip = { taskId: ta.taskId, key: ta.key, title: ta.title, a: ta, b: tb, change: rb - ra };
    if (rb > ra) rescued.push({ ...flip, kind: "rescued" });
    else if (rb < ra) regressed.push({ ...flip, kind: "regressed" });
    else if (ra === 1) bothSolved += 1;
    else if (ra === 0) bothFailed += 1;
    else samePartial += 1;
  }
  rescued.sort(byMagnitude);
  regressed.sort(byMagnitude);
  const attemptedA = a.filter((t) => t.attempts > 0).length;
  let mcnemar: McNemarOutcome;
  if (shared === 0) mcnemar = { applicable: false, reason: "no-shared-tasks" };
  else if (!oneEach) mcnemar = { applicable: false, reason: "repeats", maxAttemptsA, maxAttemptsB };
  // With one attempt each, b = solved by A only (regressed), c = solved by B only (rescued).
  else mcnemar = { applicable: true, result: mcnemarExact(regressed.length, rescued.length) };
  return {
    rescued, regressed, bothSolved, bothFailed, samePartial, shared,
    onlyA: attemptedA - shared,
    onlyB: bById.size - shared,
    paired: pairedDelta(a, b),
    mcnemar,
  };
}
