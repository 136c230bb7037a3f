// The candidate comparisons of one proposal with their statistics (lib/stats/comparison-statistics.ts): the
// comparison panel renders it, and the decision mutation snapshots it as "the statistics at that moment".
// The bootstrap seed comes from the proposal id, so the same proposal shows the same interval on every visit.
import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Store } from "../client";
import { comparisonRollouts, comparisons, harnessVersions, proposals, rollouts, tasks } from "../schema";
import {
  comparisonStatistics, type ComparisonRolloutInput, type ComparisonStatistics,
} from "../../lib/stats/comparison-statistics";
import { DEFAULT_RESAMPLES } from "../../lib/stats/paired-bootstrap";
import { MIN_TASKS_FOR_INTERVAL } from "../../lib/stats/comparison-warnings";
import { seedFromString } from "../../lib/stats/prng";

export interface ProposalComparison {
  proposalId: string;
  experimentId: string;
  title: string;
  base: { harnessVersionId: string; label: string | null };
  candidate: { harnessVersionId: string; label: string | null };
  /** How the intervals were computed, so a stored snapshot can be read (and reproduced) later. */
  method: {
    resamples: number;
    /** mulberry32 seed = FNV-1a of the proposal id; both metrics and every comparison use it. */
    seed: number;
    interval: "percentile-95";
    /** P(Δ > 0) counts a resampled mean of exactly 0 as half. */
    ties: "half";
    minTasksForInterval: number;
  };
  /** Oldest first. */
  comparisons: ComparisonStatistics[];
}

/** The proposal's title and experiment, or null when it does not exist (pages answer 404). */
export function getProposalHeading(store: Store, proposalId: string) {
  return store.db.select({ id: proposals.id, title: proposals.title, experimentId: proposals.experimentId })
    .from(proposals).where(eq(proposals.id, proposalId)).get() ?? null;
}

export function getProposalComparison(store: Store, proposalId: string): ProposalComparison | null {
  const { db } = store;
  const proposal = db.select().from(proposals).where(eq(proposals.id, proposalId)).get();
  if (!proposal) return null;

  const versionIds = [proposal.baseHarnessVersionId, proposal.candidateHarnessVersionId];
  const labels = new Map(db.select({ id: harnessVersions.id, label: harnessVersions.label })
    .from(harnessVersions).where(inArray(harnessVersions.id, versionIds)).all().map((v) => [v.id, v.label]));

  const rows = db.select().from(comparisons).where(eq(comparisons.proposalId, proposalId))
    .orderBy(asc(comparisons.createdAt), asc(comparisons.id)).all();
  const linked = rows.length === 0 ? [] : db
    .select({
      comparisonId: comparisonRollouts.comparisonId, side: comparisonRollouts.side,
      id: rollouts.id, taskId: rollouts.taskId, taskKey: tasks.key,
      success: rollouts.success, reward: rollouts.reward, truncated: rollouts.truncated, sampleIndex: rollouts.sampleIndex,
    })
    .from(comparisonRollouts)
    .innerJoin(rollouts, eq(rollouts.id, comparisonRollouts.rolloutId))
    .innerJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(inArray(comparisonRollouts.comparisonId, rows.map((c) => c.id)))
    // sample_index, then id: the order the trainer sampled them, so "rollout 1 of 4" means the same every time.
    .orderBy(asc(rollouts.sampleIndex), asc(rollouts.id))
    .all();
  const byComparison = new Map<string, ComparisonRolloutInput[]>();
  for (const { comparisonId, ...r } of linked) {
    const list = byComparison.get(comparisonId);
    if (list) list.push(r);
    else byComparison.set(comparisonId, [r]);
  }

  const seed = seedFromString(proposalId);
  return {
    proposalId: proposal.id,
    experimentId: proposal.experimentId,
    title: proposal.title,
    base: { harnessVersionId: proposal.baseHarnessVersionId, label: labels.get(proposal.baseHarnessVersionId) ?? null },
    candidate: { harnessVersionId: proposal.candidateHarnessVersionId, label: labels.get(proposal.candidateHarnessVersionId) ?? null },
    method: { resamples: DEFAULT_RESAMPLES, seed, interval: "percentile-95", ties: "half", minTasksForInterval: MIN_TASKS_FOR_INTERVAL },
    comparisons: rows.map((c) => comparisonStatistics(
      { id: c.id, runId: c.runId, rolloutsPerTask: c.rolloutsPerTask, reported: c.reported ?? null, createdAt: c.createdAt, pairing: c.pairing ?? null },
      byComparison.get(c.id) ?? [],
      { seed, resamples: DEFAULT_RESAMPLES },
    )),
  };
}
