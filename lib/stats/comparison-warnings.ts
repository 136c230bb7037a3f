// Plain warnings about how far a candidate comparison can be trusted, in words for the reviewer. The paper's
// rule fires on any strict increase; these say when the measured change is within the noise or rests on too
// little data.
import { intervalIncludesZero } from "./paired-bootstrap";
import type { PairedComparison } from "./paired-comparison";
import type { TaskSideRates } from "./task-rates";
import { formatIntervalPp } from "./format-stats";

/**
 * Below this many paired tasks a percentile bootstrap interval is too narrow to trust (it cannot see values
 * of dᵢ the few tasks did not happen to show). The paper compared on 46 tasks.
 */
export const MIN_TASKS_FOR_INTERVAL = 10;

export type ComparisonWarningCode =
  | "interval-includes-zero" | "too-few-tasks" | "single-task" | "no-paired-tasks" | "unpaired-tasks" | "uneven-k" | "empty-side";

export interface ComparisonWarning {
  code: ComparisonWarningCode;
  /** The metric the warning is about, when it is about one. */
  metric: "passRate" | "trainableRate" | null;
  message: string;
}

const METRIC_NAMES = { passRate: "Pass rate", trainableRate: "Trainable rate" } as const;
const tasks = (n: number) => `${n} ${n === 1 ? "task" : "tasks"}`;

export function comparisonWarnings(input: {
  paired: PairedComparison;
  base: readonly TaskSideRates[];
  candidate: readonly TaskSideRates[];
  /** rollouts_per_task as the trainer declared it, if it did. */
  declaredK: number | null;
}): ComparisonWarning[] {
  const { paired, base, candidate, declaredK } = input;
  const warnings: ComparisonWarning[] = [];
  const n = paired.pairs.length;

  for (const [side, rows] of [["base", base], ["candidate", candidate]] as const) {
    if (rows.length === 0) warnings.push({ code: "empty-side", metric: null, message: `The ${side} side has no rollouts: its rates are unknown.` });
  }
  if (n === 0) {
    warnings.push({ code: "no-paired-tasks", metric: null, message: "No task has rollouts on both sides: there is no paired estimate." });
  } else if (n === 1) {
    warnings.push({
      code: "single-task", metric: null,
      message: "Only one task is paired: every resample is that task, so the interval is a single point and says nothing about uncertainty.",
    });
  } else {
    for (const metric of ["passRate", "trainableRate"] as const) {
      const ci = paired[metric].ci95;
      if (intervalIncludesZero(ci)) {
        warnings.push({
          code: "interval-includes-zero", metric,
          message: `${METRIC_NAMES[metric]}: the interval includes no change (${formatIntervalPp(ci)}): the rule may be deciding on noise.`,
        });
      }
    }
    if (n < MIN_TASKS_FOR_INTERVAL) {
      warnings.push({
        code: "too-few-tasks", metric: null,
        message: `Only ${tasks(n)} are paired: an interval from so few tasks is itself unreliable (the paper compared on 46).`,
      });
    }
  }

  const leftOut = paired.baseOnlyTasks.length + paired.candidateOnlyTasks.length;
  if (leftOut > 0) {
    warnings.push({
      code: "unpaired-tasks", metric: null,
      message: `${tasks(leftOut)} ran on one side only (${paired.baseOnlyTasks.length} base, ${paired.candidateOnlyTasks.length} candidate): `
        + "they count in that side's rates but are left out of the paired estimate.",
    });
  }

  const ks = new Set([...base, ...candidate].map((t) => t.k));
  const offDeclared = declaredK === null ? [] : [...base, ...candidate].filter((t) => t.k !== declaredK);
  if (ks.size > 1 || offDeclared.length > 0) {
    const expected = declaredK === null ? "" : ` (the trainer declared K = ${declaredK})`;
    warnings.push({
      code: "uneven-k", metric: null,
      message: `Tasks do not all have the same number of rollouts per side${expected}: rates weigh tasks unevenly.`,
    });
  }
  return warnings;
}
