// Several experiments' costs side by side, each against the first (the baseline): Δ as a count and relative
// to the baseline. Totals only some rollouts reported show how many did and get no Δ. Drawn by the one
// DataTable, each group of quantities under its heading row.
import { formatCount, formatDuration } from "@/lib/format";
import { formatRelative, formatSigned, formatUsd, NOT_REPORTED } from "@/lib/cost/cost-format";
import type { CompareFormat, CompareRow, CompareValue, ExperimentCost } from "@/lib/cost/cost-compare";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./cost.module.css";

const FORMATS: Record<CompareFormat, (n: number) => string> = { count: formatCount, usd: formatUsd, duration: formatDuration };

function valueText(v: CompareValue, format: CompareFormat): string {
  if (v.value === null) return NOT_REPORTED;
  const text = FORMATS[format](v.value);
  return v.reported && v.reported.by < v.reported.of ? `${text} (${formatCount(v.reported.by)} of ${formatCount(v.reported.of)} rollouts)` : text;
}

function columnsOf(experiments: ExperimentCost[]): Column<CompareRow>[] {
  const [first, ...rest] = experiments;
  return [
    { id: "quantity", label: "Quantity", header: "Quantity", headerClassName: styles.quantity, value: (r) => r.label },
    ...experiments.map((e, i): Column<CompareRow> => ({
      id: `value-${e.id}`,
      label: e.name,
      header: (
        <>
          {e.name}
          <span className={styles.sub}>{e.method}</span>
        </>
      ),
      numeric: true,
      cellAttributes: (r) => ({ className: r.values[i].value === null ? "muted" : undefined }),
      value: (r) => valueText(r.values[i], r.format),
    })),
    ...rest.map((e, i): Column<CompareRow> => ({
      id: `delta-${e.id}`,
      label: `Δ ${e.name} − ${first.name}`,
      header: (
        <>
          Δ {e.name}
          <span className={styles.sub}>− {first.name}</span>
        </>
      ),
      numeric: true,
      title: (r) => (r.deltas[i] === null ? "not comparable: not every rollout on both sides reported it" : undefined),
      cell: (r) => {
        const d = r.deltas[i];
        return d === null ? <span className="muted">—</span> : `${formatSigned(d, FORMATS[r.format])}${r.relative[i] === null ? "" : ` (${formatRelative(r.relative[i] as number)})`}`;
      },
    })),
  ];
}

export function CostCompareTable({ experiments, rows }: { experiments: ExperimentCost[]; rows: CompareRow[] }) {
  // Each group's rows together, in the order the groups first appear, under the group's heading row.
  const groups = [...new Set(rows.map((r) => r.group))];
  const ordered = groups.flatMap((g) => rows.filter((r) => r.group === g));
  return (
    <DataTable
      columns={columnsOf(experiments)}
      rows={ordered}
      rowKey={(r) => `${r.group}/${r.key}`}
      groupHeading={(r, i) => (r.group !== ordered[i - 1]?.group ? r.group : undefined)}
      rowProps={(r) => ({ className: r.key === "training-side" ? styles.total : undefined })}
      caption={`Cost side by side, each experiment against ${experiments[0].name}`}
      captionHidden
    />
  );
}
