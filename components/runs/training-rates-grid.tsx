// The four training rates of DOMAIN.md for a run or a step, each with the counts behind it. The values come
// from computeTrainingRates over stored train rollouts (never from numbers a trainer reported).
import type { TrainingRates } from "@/lib/metrics/training-rates";
import { formatCount, formatPercent, formatRatio } from "@/lib/format";
import { Stat, StatGrid } from "@/components/ui/stat";

/** Truncated rollouts, recovered exactly from the rate (it is truncated / rollouts). */
export function truncatedCount(rates: TrainingRates): number {
  return rates.truncationRate === null ? 0 : Math.round(rates.truncationRate * rates.rollouts);
}

export function TrainingRatesGrid({ rates, label }: { rates: TrainingRates; label: string }) {
  const n = rates.rollouts;
  return (
    <StatGrid label={label}>
      <Stat label="Rollouts" value={formatCount(n)} detail={`in ${formatCount(rates.groups)} ${rates.groups === 1 ? "group" : "groups"}`} />
      <Stat label="Pass rate" value={formatPercent(rates.passRate)} detail={`${formatRatio(rates.successes, n)} rollouts succeeded`} />
      <Stat
        label="Mixed-group ratio"
        value={formatPercent(rates.mixedGroupRatio)}
        detail={`${formatRatio(rates.mixedGroups, rates.groups)} groups mixed`}
      />
      <Stat
        label="Trainable rate"
        value={formatPercent(rates.trainableRate)}
        detail={`${formatRatio(rates.trainableRollouts, n)} rollouts trainable`}
      />
      <Stat label="Truncation rate" value={formatPercent(rates.truncationRate)} detail={`${formatRatio(truncatedCount(rates), n)} rollouts truncated`} />
    </StatGrid>
  );
}
