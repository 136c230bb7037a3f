// A comparison for which the trainer sent only summary numbers: show them, the change and the rule's verdict
// from them, and say plainly that there is no per-task view and so no interval. The rates are drawn by the one
// DataTable; the rollouts row carries a note across the change columns.
import type { ReportedComparisonStatistics } from "@/lib/stats/comparison-statistics";
import { formatCount, formatPercent } from "@/lib/format";
import { formatSensitivityPp } from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import type { SideLabels } from "./comparison-format";
import { comparisonColumns } from "./comparison-change-columns";
import { ComparisonVerdict } from "./comparison-verdict";
import styles from "./comparison-panel.module.css";

const METRICS = [
  { key: "passRate", name: "Pass rate" },
  { key: "trainableRate", name: "Trainable rate" },
] as const;

/** The rollouts row (null) or one rate's row. */
type Row = (typeof METRICS)[number] | null;

function columnsOf({ sides, change }: ReportedComparisonStatistics, labels: SideLabels): Column<Row>[] {
  return comparisonColumns<Row>(
    labels,
    (s, m) => (m === null ? formatCount(sides[s].rollouts) : formatPercent(sides[s][m.key])),
    change,
    sides.base.oneRolloutPp === null ? "rollout counts not reported" : `one rollout moves a rate by ${formatSensitivityPp(sides.base.oneRolloutPp)} (base)`,
    2,
  );
}

export function ComparisonReported({ stats, labels }: { stats: ReportedComparisonStatistics; labels: SideLabels }) {
  return (
    <>
      <ComparisonVerdict rule={stats.rule} />
      <p className="notice">Per-task view unavailable: the trainer reported only summary numbers, so there is no paired estimate and no interval.</p>
      <DataTable columns={columnsOf(stats, labels)} rows={[null, ...METRICS]} rowKey={(m) => m?.key ?? "rollouts"} caption="Reported rates per side" />
      <p className={`muted small ${styles.note}`}>The trainer&apos;s numbers are shown as sent; the dashboard cannot recompute them.</p>
    </>
  );
}
