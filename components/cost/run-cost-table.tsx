// Each run's rollouts by purpose and what they cost, linking to the run. Drawn by the one DataTable, with
// its CSV export built in: the run, its rollouts and cost always show; the per-purpose counts and token
// totals give way first on a narrow screen.
import Link from "next/link";
import { ROLLOUT_PURPOSES } from "@/lib/domain/vocabulary";
import { formatCount } from "@/lib/format";
import { runPath } from "@/lib/http/page-links";
import { formatCost, formatDurationTotal, formatTokens } from "@/lib/cost/cost-format";
import type { RunCost } from "@/lib/cost/cost-summary";
import { PURPOSE_LABELS } from "@/lib/cost/purpose-table";
import type { TableData } from "@/lib/tables/table-data";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, type Column } from "@/components/tables/data-table";

const dash = (r: RunCost, text: string) => (r.total.rollouts === 0 ? "—" : text);

const COLUMNS: Column<RunCost>[] = [
  {
    id: "run",
    label: "Run",
    header: "Run",
    truncate: { width: "clamp(7rem, 22vw, 16rem)", text: (r) => r.run.name ?? r.run.id },
    cell: (r) => <Link href={runPath(r.run.id)}>{r.run.name ?? r.run.id}</Link>,
  },
  { id: "kind", label: "Kind", header: "Kind", priority: 2, className: "nowrap", cell: (r) => <>{r.run.kind} <StatusBadge status={r.run.status} title={r.run.staleText} />{r.run.staleText && <span className="muted small"> {r.run.staleText}</span>}</> },
  ...ROLLOUT_PURPOSES.map((p): Column<RunCost> => ({
    id: `purpose-${p}`,
    label: PURPOSE_LABELS[p],
    header: PURPOSE_LABELS[p],
    numeric: true,
    priority: 3,
    cell: (r) => (r.byPurpose[p] ? formatCount(r.byPurpose[p]) : <span className="muted">0</span>),
  })),
  { id: "all", label: "All", header: "All", numeric: true, cell: (r) => formatCount(r.total.rollouts) },
  { id: "prompt", label: "Prompt tokens", header: "Prompt tokens", numeric: true, priority: 3, cell: (r) => dash(r, formatTokens(r.total.promptTokens, r.total.rollouts)) },
  { id: "completion", label: "Completion tokens", header: "Completion tokens", numeric: true, priority: 3, cell: (r) => dash(r, formatTokens(r.total.completionTokens, r.total.rollouts)) },
  { id: "cost", label: "Cost", header: "Cost", numeric: true, cell: (r) => dash(r, formatCost(r.total.costUsd, r.total.rollouts)) },
  { id: "turns", label: "Turns", header: "Turns", numeric: true, priority: 2, cell: (r) => formatCount(r.total.turns) },
  { id: "time", label: "Rollout time", header: "Rollout time", numeric: true, priority: 3, cell: (r) => dash(r, formatDurationTotal(r.total.durationMs, r.total.rollouts)) },
];

/** `table` is the page's export of the same rows (its own number formats), so the CSV stays as it was. */
/** `hide`: column ids left out (quantities no rollout of the experiment reports: lib/cost/unreported.ts). */
export function RunCostTable({ runs, table, hide = [] }: { runs: RunCost[]; table?: TableData; hide?: readonly string[] }) {
  return <DataTable columns={COLUMNS.filter((c) => !hide.includes(c.id))} rows={runs} rowKey={(r) => r.run.id} caption="Rollouts and cost per run" captionHidden exportTable={table} exportName={table ? "cost per run" : undefined} />;
}
