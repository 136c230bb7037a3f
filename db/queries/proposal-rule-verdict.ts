// What the acceptance rule says about a proposal right now, from its newest stored comparison: the rates of
// each side computed from the comparison rollouts (computeTrainingRates; a task's K rollouts on one side are
// its group, as in the comparison panel, lib/stats/task-rates.ts, and DESIGN.md's tᵢ), or
// the summary rates a trainer reported when it sent no rollouts. A decision stores this as "the rule's verdict
// and the statistics at that moment", and a person deciding against it must give a reason.
// The comparison panel (getProposalComparison) adds the paired statistics; this stays separate because the
// inbox needs the verdicts of hundreds of proposals at once, without 10,000 bootstrap resamples each.
import "server-only";
import type { Store } from "../client";
import { computeTrainingRates, type TrainingRolloutInput } from "../../lib/metrics/training-rates";
import { acceptanceRule } from "../../lib/metrics/acceptance-rule";
import { rateInputOf } from "./rollout-row";

export interface SideRates {
  rollouts: number | null;
  successes: number | null;
  passRate: number;
  trainableRate: number;
  trainableRollouts: number | null;
}

export interface RuleVerdictSnapshot {
  /** null: there is nothing to judge by (no comparison, or one without rollouts or complete reported rates). */
  verdict: "accept" | "reject" | null;
  reason: string;
  passRateChange: number | null;
  trainableRateChange: number | null;
  passRateChangePp: number | null;
  trainableRateChangePp: number | null;
  source: "rollouts" | "reported" | "none";
  comparisonId: string | null;
  base: SideRates | null;
  candidate: SideRates | null;
}

export interface ComparisonRow {
  id: string;
  proposalId: string;
  reported: string | null;
}

export interface SideRolloutRow extends Omit<TrainingRolloutInput, "groupKey" | "success" | "truncated"> {
  comparisonId: string;
  id: string;
  side: "base" | "candidate";
  taskId: string;
  success: number;
  truncated: number;
}

const NOTHING = (reason: string, comparisonId: string | null = null): RuleVerdictSnapshot => ({
  verdict: null, reason, passRateChange: null, trainableRateChange: null, passRateChangePp: null, trainableRateChangePp: null,
  source: "none", comparisonId, base: null, candidate: null,
});

function fromRates(source: "rollouts" | "reported", comparisonId: string, base: SideRates, candidate: SideRates): RuleVerdictSnapshot {
  const rule = acceptanceRule({ base, candidate });
  return { ...rule, source, comparisonId, base, candidate };
}

const isRate = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= 1;

function fromReported(comparisonId: string, json: string | null): RuleVerdictSnapshot {
  const r = (json ? JSON.parse(json) : {}) as Record<string, unknown>;
  if (!isRate(r.base_pass_rate) || !isRate(r.candidate_pass_rate) || !isRate(r.base_trainable_rate) || !isRate(r.candidate_trainable_rate)) {
    return NOTHING("the comparison holds no rollouts and no complete reported rates", comparisonId);
  }
  const side = (pass: number, trainable: number, rollouts: unknown): SideRates => ({
    rollouts: typeof rollouts === "number" ? rollouts : null, successes: null, passRate: pass, trainableRate: trainable, trainableRollouts: null,
  });
  return fromRates("reported", comparisonId,
    side(r.base_pass_rate, r.base_trainable_rate, r.base_rollouts),
    side(r.candidate_pass_rate, r.candidate_trainable_rate, r.candidate_rollouts));
}

function ratesOf(rows: SideRolloutRow[]): SideRates | null {
  if (rows.length === 0) return null;
  const rates = computeTrainingRates(rows.map((r) => rateInputOf(r, r.taskId)));
  return {
    rollouts: rates.rollouts, successes: rates.successes, passRate: rates.passRate ?? 0,
    trainableRate: rates.trainableRate ?? 0, trainableRollouts: rates.trainableRollouts,
  };
}

/** The newest comparison (by storage order) of each proposal and the rollouts of each side, in two queries. */
export interface NewestComparisons {
  comparisons: ComparisonRow[];
  byComparison: Map<string, { base: SideRolloutRow[]; candidate: SideRolloutRow[] }>;
}

export function loadNewestComparisons(store: Store, proposalIds: readonly string[]): NewestComparisons {
  if (proposalIds.length === 0) return { comparisons: [], byComparison: new Map() };
  const ids = JSON.stringify(proposalIds);
  const comparisons = store.sqlite
    .prepare(
      `SELECT c.id, c.proposal_id AS proposalId, c.reported FROM comparisons c
       WHERE c.rowid = (SELECT max(c2.rowid) FROM comparisons c2 WHERE c2.proposal_id = c.proposal_id)
         AND c.proposal_id IN (SELECT value FROM json_each(?))`,
    )
    .all(ids) as ComparisonRow[];
  const rollouts = comparisons.length
    ? (store.sqlite
        .prepare(
          `SELECT cr.comparison_id AS comparisonId, cr.side, r.id, r.task_id AS taskId, r.success, r.reward, r.truncated
           FROM comparison_rollouts cr JOIN rollouts r ON r.id = cr.rollout_id
           WHERE cr.comparison_id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(comparisons.map((c) => c.id))) as SideRolloutRow[])
    : [];
  const byComparison = new Map<string, { base: SideRolloutRow[]; candidate: SideRolloutRow[] }>();
  for (const row of rollouts) {
    let sides = byComparison.get(row.comparisonId);
    if (!sides) byComparison.set(row.comparisonId, (sides = { base: [], candidate: [] }));
    sides[row.side].push(row);
  }
  return { comparisons, byComparison };
}

/**
 * The rule's verdict for each proposal, from its newest comparison (by storage order). A caller that needs the
 * same comparisons for more (the inbox's Δ) loads them once and passes them in.
 */
export function getRuleVerdicts(store: Store, proposalIds: readonly string[], loaded?: NewestComparisons): Map<string, RuleVerdictSnapshot> {
  const result = new Map<string, RuleVerdictSnapshot>();
  if (proposalIds.length === 0) return result;
  const { comparisons, byComparison } = loaded ?? loadNewestComparisons(store, proposalIds);
  for (const c of comparisons) {
    const sides = byComparison.get(c.id);
    const base = sides ? ratesOf(sides.base) : null;
    const candidate = sides ? ratesOf(sides.candidate) : null;
    result.set(c.proposalId, base && candidate ? fromRates("rollouts", c.id, base, candidate) : fromReported(c.id, c.reported));
  }
  for (const id of proposalIds) if (!result.has(id)) result.set(id, NOTHING("no comparison has been stored for this proposal"));
  return result;
}

export function getRuleVerdict(store: Store, proposalId: string): RuleVerdictSnapshot {
  return getRuleVerdicts(store, [proposalId]).get(proposalId)!;
}
