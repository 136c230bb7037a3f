// Each side's rollouts, pass rate and trainable rate; the change relative (as the paper reports it) and in pp;
// and the paired estimate over tasks with its 95 % interval and P(Δ > 0).
import type { RolloutComparisonStatistics } from "@/lib/stats/comparison-statistics";
import { formatCount, formatPercent, formatRatio } from "@/lib/format";
import {
  formatIntervalPp, formatPp, formatSizePp, formatProbability, formatRateDiffPp, formatRelativeChange, formatSensitivityPp,
} from "@/lib/stats/format-stats";
import { sideHeading, type SideLabels } from "./comparison-format";

const METRICS = [
  { key: "passRate", name: "Pass rate", count: "successes" },
  { key: "trainableRate", name: "Trainable rate", count: "trainableRollouts" },
] as const;

export function ComparisonRatesTable({ stats, labels }: { stats: RolloutComparisonStatistics; labels: SideLabels }) {
  const { sides, change, paired } = stats;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>Rates per side and the change, paired over {formatCount(paired.tasks)} {paired.tasks === 1 ? "task" : "tasks"}</caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col" className="num">{sideHeading("base", labels.base)}</th>
            <th scope="col" className="num">{sideHeading("candidate", labels.candidate)}</th>
            <th scope="col" className="num">Change (relative)</th>
            <th scope="col" className="num">Change (pp)</th>
            <th scope="col" className="num">Paired Δ</th>
            <th scope="col" className="num">95 % interval</th>
            <th scope="col" className="num">P(Δ &gt; 0)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Rollouts</th>
            <td className="num">{formatCount(sides.base.rollouts)}</td>
            <td className="num">{formatCount(sides.candidate.rollouts)}</td>
            <td colSpan={5} className="muted small">
              one rollout moves a rate by {formatSensitivityPp(sides.base.oneRolloutPp)} (base) and{" "}
              {formatSensitivityPp(sides.candidate.oneRolloutPp)} (candidate)
            </td>
          </tr>
          {METRICS.map((m) => {
            const estimate = paired[m.key];
            return (
              <tr key={m.key}>
                <th scope="row">{m.name}</th>
                {(["base", "candidate"] as const).map((side) => (
                  <td key={side} className="num">
                    {formatPercent(sides[side][m.key])}
                    <div className="muted small">{formatRatio(sides[side][m.count], sides[side].rollouts)}</div>
                  </td>
                ))}
                <td className="num">{formatRelativeChange(change[m.key].relative)}</td>
                <td className="num">{formatPp(change[m.key].pp)}</td>
                <td className="num">
                  {formatRateDiffPp(estimate.mean)}
                  <div className="muted small">SE {formatSizePp(estimate.se === null ? null : estimate.se * 100)}</div>
                </td>
                <td className="num">{formatIntervalPp(estimate.ci95)}</td>
                <td className="num">{formatProbability(estimate.pGreaterThanZero)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
