// Each side's rollouts, pass rate and trainable rate; the change relative (as the paper reports it) and in pp;
// and the paired estimate over tasks with its 95 % interval and P(Δ > 0). Drawn by the one DataTable: the
// rollouts row carries a note across the change columns instead of figures.
import type { RolloutComparisonStatistics } from "@/lib/stats/comparison-statistics";
import { formatCount, formatPercent, formatRatio } from "@/lib/format";
import {
  formatIntervalPp, formatSizePp, formatProbability, formatRateDiffPp, formatSensitivityPp,
} from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import type { SideLabels } from "./comparison-format";
import { comparisonColumns } from "./comparison-change-columns";

const METRICS = [
  { key: "passRate", name: "Pass rate", count: "successes" },
  { key: "trainableRate", name: "Trainable rate", count: "trainableRollouts" },
] as const;

type Metric = (typeof METRICS)[number];
/** The rollouts row (null) or one rate's row. */
type Row = Metric | null;

function columnsOf({ sides, change, paired }: RolloutComparisonStatistics, labels: SideLabels): Column<Row>[] {
  return [
    ...comparisonColumns<Row>(
      labels,
      (s, m) =>
        m === null ? (
          formatCount(sides[s].rollouts)
        ) : (
          <>
            {formatPercent(sides[s][m.key])}
            <div className="muted small">{formatRatio(sides[s][m.count], sides[s].rollouts)}</div>
          </>
        ),
      change,
      <>
        one rollout moves a rate by {formatSensitivityPp(sides.base.oneRolloutPp)} (base) and {formatSensitivityPp(sides.candidate.oneRolloutPp)} (candidate)
      </>,
      5,
    ),
    {
      id: "paired",
      label: "Paired Δ",
      header: "Paired Δ",
      numeric: true,
      cell: (m) =>
        m && (
          <>
            {formatRateDiffPp(paired[m.key].mean)}
            <div className="muted small">SE {formatSizePp(paired[m.key].se === null ? null : paired[m.key].se! * 100)}</div>
          </>
        ),
    },
    { id: "interval", label: "95 % interval", header: "95 % interval", numeric: true, cell: (m) => m && formatIntervalPp(paired[m.key].ci95) },
    { id: "probability", label: "P(Δ > 0)", header: "P(Δ > 0)", numeric: true, cell: (m) => m && formatProbability(paired[m.key].pGreaterThanZero) },
  ];
}

export function ComparisonRatesTable({ stats, labels }: { stats: RolloutComparisonStatistics; labels: SideLabels }) {
  const tasks = stats.paired.tasks;
  return (
    <DataTable
      columns={columnsOf(stats, labels)}
      rows={[null, ...METRICS]}
      rowKey={(m) => m?.key ?? "rollouts"}
      caption={`Rates per side and the change, paired over ${formatCount(tasks)} ${tasks === 1 ? "task" : "tasks"}`}
    />
  );
}
