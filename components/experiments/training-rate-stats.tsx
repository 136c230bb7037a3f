// The headline numbers of an experiment. The rates come from the stored train rollouts via
// computeTrainingRates, never from numbers a trainer reported, and the page says so.
import type { ExperimentOverview } from "@/db/queries/types";
import { formatCount, formatPercent, formatRatio } from "@/lib/format";
import { Stat, StatGrid } from "@/components/ui/stat";

export function TrainingRateStats({ overview }: { overview: ExperimentOverview }) {
  const rates = overview.trainingRates;
  const n = rates.rollouts;
  // A run that says running but went silent without a live job is stale, not active (lib/domain/run-staleness.ts).
  const active = overview.runs.filter((r) => (r.status === "running" || r.status === "pending") && !r.stale).length;
  const stale = overview.runs.filter((r) => r.stale).length;
  const truncated = rates.truncationRate === null ? 0 : Math.round(rates.truncationRate * n);
  const noTrain = n === 0 ? "no train rollouts stored" : undefined;

  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="visually-hidden">
        Summary
      </h2>
      <StatGrid label="Experiment summary">
        <Stat label="Runs" value={formatCount(overview.runs.length)} detail={`${active > 0 ? `${active} active` : "none active"}${stale > 0 ? `, ${stale} stale (no heartbeat)` : ""}`} />
        <Stat
          label="Rollouts"
          value={formatCount(overview.rollouts)}
          detail={`${formatCount(overview.tasksTouched)} ${overview.tasksTouched === 1 ? "task" : "tasks"}`}
        />
        <Stat
          label="Trainable rate"
          value={formatPercent(rates.trainableRate)}
          detail={noTrain ?? `${formatRatio(rates.trainableRollouts, n)} train rollouts usable`}
        />
        <Stat
          label="Pass rate"
          value={formatPercent(rates.passRate)}
          detail={noTrain ?? `${formatRatio(rates.successes, n)} train rollouts succeeded`}
        />
        <Stat
          label="Mixed-group ratio"
          value={formatPercent(rates.mixedGroupRatio)}
          detail={noTrain ?? `${formatRatio(rates.mixedGroups, rates.groups)} groups mixed`}
        />
        <Stat
          label="Truncation rate"
          value={formatPercent(rates.truncationRate)}
          detail={noTrain ?? `${formatRatio(truncated, n)} train rollouts truncated`}
        />
      </StatGrid>
      <p className="muted small">
        Rates are computed from the {formatCount(n)} stored train rollouts (purpose <code>train</code>), grouped by run,
        step and GRPO group. A rollout is trainable when it was not truncated, its reward is known and its group still
        holds both a success and a failure; the denominator is every train rollout sampled. Metrics a trainer reported
        itself are not used here.
      </p>
    </section>
  );
}
