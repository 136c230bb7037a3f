// The Δ an inbox row shows, computed without the bootstrap so hundreds of rows cost little (the proposal page
// shows the interval). A teacher proposal: its comparison's paired Δ of the pass rate, the mean over the tasks
// both sides ran of p̂ᵢ(candidate) − p̂ᵢ(base), the same tasks and rates as the comparison panel
// (lib/stats/task-rates.ts, lib/stats/paired-comparison.ts); or, when the trainer sent only summary numbers,
// the reported change. An engineer patch: the mean Δ of the target's success over the failure packets where it
// was valid and complete (lib/patches/patch-evidence.ts). Pure.
import { mean } from "../stats/describe";
import { pairTasks } from "../stats/paired-comparison";
import { TIE_EPSILON } from "../stats/paired-bootstrap";
import { perTaskRates, type SideRollout } from "../stats/task-rates";
import { patchMeanDelta } from "../patches/patch-evidence";
import type { PatchOutcome } from "../patches/patch-reward";

export type InboxDelta =
  /** Paired Δ pass rate over `tasks` tasks run by both sides (mean null when none was). */
  | { source: "comparison"; mean: number | null; tasks: number }
  /** Candidate − base pass rate as the trainer reported them: not paired, no tasks known. */
  | { source: "reported"; mean: number }
  /** Mean Δ success over `packets` packets where the patch was valid and complete, of `evaluated`. */
  | { source: "patches"; mean: number | null; packets: number; evaluated: number };

const snap = (x: number) => (Math.abs(x) <= TIE_EPSILON ? 0 : x);

export function comparisonDelta(rollouts: readonly (SideRollout & { side: "base" | "candidate" })[]): InboxDelta {
  const { pairs } = pairTasks(perTaskRates(rollouts.filter((r) => r.side === "base")), perTaskRates(rollouts.filter((r) => r.side === "candidate")));
  const m = mean(pairs.map((p) => p.candidate.passRate - p.base.passRate));
  return { source: "comparison", mean: m === null ? null : snap(m), tasks: pairs.length };
}

const isRate = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= 1;

/** The reported pass rates' change, or null when either is missing. */
export function reportedDelta(reported: Record<string, unknown> | null): InboxDelta | null {
  if (!reported || !isRate(reported.base_pass_rate) || !isRate(reported.candidate_pass_rate)) return null;
  return { source: "reported", mean: snap(reported.candidate_pass_rate - reported.base_pass_rate) };
}

export function patchesDelta(evaluations: readonly PatchOutcome[]): InboxDelta {
  const { mean: m, counted } = patchMeanDelta(evaluations);
  return { source: "patches", mean: m, packets: counted, evaluated: evaluations.length };
}
