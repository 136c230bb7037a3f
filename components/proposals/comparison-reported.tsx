// A comparison for which the trainer sent only summary numbers: show them, the change and the rule's verdict
// from them, and say plainly that there is no per-task view and so no interval.
import type { ReportedComparisonStatistics } from "@/lib/stats/comparison-statistics";
import { formatCount, formatPercent } from "@/lib/format";
import { formatPp, formatRelativeChange, formatSensitivityPp } from "@/lib/stats/format-stats";
import { sideHeading, type SideLabels } from "./comparison-format";
import { ComparisonVerdict } from "./comparison-verdict";
import styles from "./comparison-panel.module.css";

const METRICS = [
  { key: "passRate", name: "Pass rate" },
  { key: "trainableRate", name: "Trainable rate" },
] as const;

export function ComparisonReported({ stats, labels }: { stats: ReportedComparisonStatistics; labels: SideLabels }) {
  const { sides, change } = stats;
  return (
    <>
      <ComparisonVerdict rule={stats.rule} />
      <p className="notice">Per-task view unavailable: the trainer reported only summary numbers, so there is no paired estimate and no interval.</p>
      <div className="table-wrap">
        <table className="table">
          <caption>Reported rates per side</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col" className="num">{sideHeading("base", labels.base)}</th>
              <th scope="col" className="num">{sideHeading("candidate", labels.candidate)}</th>
              <th scope="col" className="num">Change (relative)</th>
              <th scope="col" className="num">Change (pp)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Rollouts</th>
              <td className="num">{formatCount(sides.base.rollouts)}</td>
              <td className="num">{formatCount(sides.candidate.rollouts)}</td>
              <td colSpan={2} className="muted small">
                {sides.base.oneRolloutPp === null ? "rollout counts not reported" : `one rollout moves a rate by ${formatSensitivityPp(sides.base.oneRolloutPp)} (base)`}
              </td>
            </tr>
            {METRICS.map((m) => (
              <tr key={m.key}>
                <th scope="row">{m.name}</th>
                <td className="num">{formatPercent(sides.base[m.key])}</td>
                <td className="num">{formatPercent(sides.candidate[m.key])}</td>
                <td className="num">{formatRelativeChange(change[m.key].relative)}</td>
                <td className="num">{formatPp(change[m.key].pp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={`muted small ${styles.note}`}>The trainer&apos;s numbers are shown as sent; the dashboard cannot recompute them.</p>
    </>
  );
}
