// Everything the comparison panel shows about one candidate comparison, assembled from its rollouts (or from
// the summary numbers a trainer reported instead). Pure and JSON-serialisable: the decision mutation stores
// the result as "the statistics at that moment", so it holds only plain objects, arrays, strings, finite
// numbers, booleans and null.
import { acceptanceRule, type AcceptanceResult } from "../metrics/acceptance-rule";
import { comparisonWarnings, type ComparisonWarning } from "./comparison-warnings";
import { pairedComparison } from "./paired-comparison";
import type { PairedEstimate } from "./paired-bootstrap";
import { oneRolloutPp, rateChange, type RateChange } from "./rate-change";
import { perTaskRates, sideRates, type SideRollout, type TaskSideRates } from "./task-rates";
import type { RuleNoise } from "./rule-noise";
import { comparisonNoise, type ComparisonPairing } from "./comparison-noise";

export type Side = "base" | "candidate";

export interface ComparisonRolloutInput extends SideRollout {
  side: Side;
  taskKey: string;
  /** Pairs it with the other side's rollout of the same task and index when the comparison is paired. */
  sampleIndex?: number | null;
}

export interface ComparisonMeta {
  id: string;
  runId: string | null;
  rolloutsPerTask: number | null;
  reported: Record<string, number> | null;
  createdAt: number;
  /** What the producer declared: "paired" sides ran on common random numbers (by task and sample index). */
  pairing?: ComparisonPairing;
}

export interface SideSummary {
  rollouts: number;
  successes: number;
  passRate: number | null;
  trainableRollouts: number;
  trainableRate: number | null;
  /** Tasks with at least one rollout on this side. */
  tasks: number;
  /** pp one rollout moves this side's rates by (100 / rollouts). */
  oneRolloutPp: number | null;
}

export interface TaskRow {
  taskId: string;
  taskKey: string;
  /** Both sides ran it, so it is in the paired estimate. */
  paired: boolean;
  base: TaskSideRates | null;
  candidate: TaskSideRates | null;
  /** p̂ᵢ(candidate) − p̂ᵢ(base); null when unpaired. */
  passRateDiff: number | null;
  trainableRateDiff: number | null;
}

interface Common extends ComparisonMeta {
  change: { passRate: RateChange; trainableRate: RateChange };
  /** The acceptance rule recomputed from the rates shown; null when a rate is unknown. */
  rule: AcceptanceResult | null;
}

export interface RolloutComparisonStatistics extends Common {
  kind: "rollouts";
  sides: Record<Side, SideSummary>;
  paired: {
    tasks: number;
    baseOnlyTasks: string[];
    candidateOnlyTasks: string[];
    passRate: PairedEstimate;
    trainableRate: PairedEstimate;
  };
  tasks: TaskRow[];
  warnings: ComparisonWarning[];
  /** How often the rule accepts a no-effect candidate at these tasks and rollouts, by the null of the comparison's design (comparison-noise.ts). */
  ruleNoise: RuleNoise | null;
}

export interface ReportedSide {
  rollouts: number | null;
  passRate: number | null;
  trainableRate: number | null;
  oneRolloutPp: number | null;
}

/** The trainer sent summary numbers only: no per-task view, no interval. */
export interface ReportedComparisonStatistics extends Common {
  kind: "reported";
  reported: Record<string, number>;
  sides: Record<Side, ReportedSide>;
}

/** Neither rollouts nor reported numbers. */
export interface EmptyComparisonStatistics extends ComparisonMeta {
  kind: "empty";
}

export type ComparisonStatistics = RolloutComparisonStatistics | ReportedComparisonStatistics | EmptyComparisonStatistics;

function ruleOrNull(base: { passRate: number | null; trainableRate: number | null }, candidate: typeof base): AcceptanceResult | null {
  const rates = [base.passRate, base.trainableRate, candidate.passRate, candidate.trainableRate];
  if (rates.some((r) => r === null || !Number.isFinite(r) || r < 0 || r > 1)) return null;
  return acceptanceRule({
    base: { passRate: base.passRate as number, trainableRate: base.trainableRate as number },
    candidate: { passRate: candidate.passRate as number, trainableRate: candidate.trainableRate as number },
  });
}

const changes = (base: { passRate: number | null; trainableRate: number | null }, candidate: typeof base) => ({
  passRate: rateChange(base.passRate, candidate.passRate),
  trainableRate: rateChange(base.trainableRate, candidate.trainableRate),
});

function summarise(rollouts: readonly SideRollout[], tasks: number): SideSummary {
  const r = sideRates(rollouts);
  return {
    rollouts: r.rollouts, successes: r.successes, passRate: r.passRate,
    trainableRollouts: r.trainableRollouts, trainableRate: r.trainableRate, tasks, oneRolloutPp: oneRolloutPp(r.rollouts),
  };
}

function fromRollouts(meta: ComparisonMeta, rollouts: readonly ComparisonRolloutInput[], seed: number, resamples?: number): RolloutComparisonStatistics {
  const bySide = (side: Side) => rollouts.filter((r) => r.side === side);
  const baseTasks = perTaskRates(bySide("base"));
  const candidateTasks = perTaskRates(bySide("candidate"));
  const sides = { base: summarise(bySide("base"), baseTasks.length), candidate: summarise(bySide("candidate"), candidateTasks.length) };
  const paired = pairedComparison(baseTasks, candidateTasks, { seed, resamples });

  const keys = new Map(rollouts.map((r) => [r.taskId, r.taskKey]));
  const baseById = new Map(baseTasks.map((t) => [t.taskId, t]));
  const candidateById = new Map(candidateTasks.map((t) => [t.taskId, t]));
  const tasks: TaskRow[] = [...keys.entries()].map(([taskId, taskKey]) => {
    const base = baseById.get(taskId) ?? null;
    const candidate = candidateById.get(taskId) ?? null;
    const both = base !== null && candidate !== null;
    return {
      taskId, taskKey, paired: both, base, candidate,
      passRateDiff: both ? candidate.passRate - base.passRate : null,
      trainableRateDiff: both ? candidate.trainableRate - base.trainableRate : null,
    };
  }).sort((a, b) => a.taskKey.localeCompare(b.taskKey, "en") || (a.taskId < b.taskId ? -1 : 1));

  return {
    ...meta,
    kind: "rollouts",
    sides,
    change: changes(sides.base, sides.candidate),
    rule: ruleOrNull(sides.base, sides.candidate),
    paired: {
      tasks: paired.pairs.length, baseOnlyTasks: paired.baseOnlyTasks, candidateOnlyTasks: paired.candidateOnlyTasks,
      passRate: paired.passRate, trainableRate: paired.trainableRate,
    },
    tasks,
    warnings: comparisonWarnings({ paired, base: baseTasks, candidate: candidateTasks, declaredK: meta.rolloutsPerTask }),
    ruleNoise: comparisonNoise(rollouts.map((r) => ({ ...r, sampleIndex: r.sampleIndex ?? null })), { seed, pairing: meta.pairing ?? null }),
  };
}

function fromReported(meta: ComparisonMeta, reported: Record<string, number>): ReportedComparisonStatistics {
  const num = (key: string) => (typeof reported[key] === "number" && Number.isFinite(reported[key]) ? reported[key] : null);
  const side = (name: Side): ReportedSide => {
    const rollouts = num(`${name}_rollouts`);
    return { rollouts, passRate: num(`${name}_pass_rate`), trainableRate: num(`${name}_trainable_rate`), oneRolloutPp: rollouts === null ? null : oneRolloutPp(rollouts) };
  };
  const sides = { base: side("base"), candidate: side("candidate") };
  return { ...meta, kind: "reported", reported, sides, change: changes(sides.base, sides.candidate), rule: ruleOrNull(sides.base, sides.candidate) };
}

/** Rollouts win over reported numbers: the dashboard recomputes what it can instead of trusting a summary. */
export function comparisonStatistics(
  meta: ComparisonMeta, rollouts: readonly ComparisonRolloutInput[], options: { seed: number; resamples?: number },
): ComparisonStatistics {
  if (rollouts.length > 0) return fromRollouts(meta, rollouts, options.seed, options.resamples);
  if (meta.reported && Object.keys(meta.reported).length > 0) return fromReported(meta, meta.reported);
  return { ...meta, kind: "empty" };
}
