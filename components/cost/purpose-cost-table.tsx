// Rollouts by purpose with tokens, cost, turns and time, and the training-side and overall totals. A
// quantity no rollout reported reads "not reported"; one only some reported says how many did. Drawn by the one
// DataTable, the totals in its foot.
import { formatCount, formatDuration, formatNumber } from "@/lib/format";
import { formatCost, formatDurationTotal, formatTokens } from "@/lib/cost/cost-format";
import { meanReported, type PurposeSummary } from "@/lib/cost/cost-summary";
import { purposeRows, type PurposeRow } from "@/lib/cost/purpose-table";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./cost.module.css";

const dash = (row: PurposeRow, text: () => string) => (row.cell.rollouts === 0 ? "—" : text());

const COLUMNS: Column<PurposeRow>[] = [
  {
    id: "purpose",
    label: "Purpose",
    header: "Purpose",
    value: (r) => r.label,
    cell: (r) => (
      <>
        {r.label}
        <span className={styles.sub}>{r.note}</span>
      </>
    ),
  },
  { id: "rollouts", label: "Rollouts", header: "Rollouts", numeric: true, cell: (r) => formatCount(r.cell.rollouts) },
  { id: "prompt", label: "Prompt tokens", header: "Prompt tokens", numeric: true, priority: 3, cell: (r) => dash(r, () => formatTokens(r.cell.promptTokens, r.cell.rollouts)) },
  { id: "completion", label: "Completion tokens", header: "Completion tokens", numeric: true, priority: 3, cell: (r) => dash(r, () => formatTokens(r.cell.completionTokens, r.cell.rollouts)) },
  { id: "cost", label: "Cost", header: "Cost", numeric: true, cell: (r) => dash(r, () => formatCost(r.cell.costUsd, r.cell.rollouts)) },
  {
    id: "turns",
    label: "Turns",
    header: <>Turns <span className={styles.sub}>total · mean</span></>,
    numeric: true,
    priority: 2,
    cell: (r) => dash(r, () => `${formatCount(r.cell.turns)} · ${formatNumber(r.cell.turns / r.cell.rollouts, 1)}`),
  },
  {
    id: "time",
    label: "Rollout time",
    header: <>Rollout time <span className={styles.sub}>total · mean</span></>,
    numeric: true,
    priority: 3,
    cell: (r) => {
      const mean = meanReported(r.cell.durationMs);
      return `${dash(r, () => formatDurationTotal(r.cell.durationMs, r.cell.rollouts))}${mean !== null ? ` · ${formatDuration(mean)}` : ""}`;
    },
  },
];

const isTotal = (r: PurposeRow) => r.key === "training-side" || r.key === "all";

/** `hide`: column ids left out (quantities no rollout of the experiment reports: lib/cost/unreported.ts). */
export function PurposeCostTable({ summary, hide = [] }: { summary: PurposeSummary; hide?: readonly string[] }) {
  const rows = purposeRows(summary);
  return (
    <DataTable
      columns={COLUMNS.filter((c) => !hide.includes(c.id))}
      rows={rows.filter((r) => !isTotal(r))}
      footer={rows.filter(isTotal)}
      rowKey={(r) => r.key}
      rowProps={(r) => ({ className: isTotal(r) ? styles.total : undefined })}
      caption="Rollouts by purpose, with tokens, cost, turns and rollout time"
      captionHidden
    />
  );
}
