// Harness versions of one experiment: lineage (parent), where each came from, and what it holds. Each is
// named in the one naming (lib/domain/harness-naming.ts): "H1 (same files as H0)" where that is so. Drawn by the
// one DataTable: the name and file count always show, the per-position hook counts give way first.
import { HOOK_POSITIONS } from "@/lib/domain/vocabulary";
import type { HarnessVersionSummary } from "@/db/queries/types";
import { formatCount } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { DataTable, type Column } from "@/components/tables/data-table";

const COLUMNS: Column<HarnessVersionSummary>[] = [
  {
    id: "label",
    label: "Label",
    header: "Label",
    value: (v) => v.name,
    cell: (v) => <span title={v.description ?? undefined}>{v.name}</span>,
  },
  { id: "origin", label: "Origin", header: "Origin", priority: 2, value: (v) => v.origin },
  {
    id: "parent",
    label: "Parent",
    header: "Parent",
    priority: 2,
    truncate: { width: "12rem", text: (v) => v.parentLabel ?? v.parentId ?? "" },
    value: (v) => v.parentLabel ?? v.parentId,
    cell: (v) => v.parentLabel ?? (v.parentId ? v.parentId : <span className="muted">—</span>),
  },
  { id: "files", label: "Files", header: "Files", numeric: true, value: (v) => v.files, cell: (v) => formatCount(v.files) },
  ...HOOK_POSITIONS.map((p): Column<HarnessVersionSummary> => ({
    id: `hooks-${p}`,
    label: p,
    header: <span title={`Hook files at the ${p} lifecycle position`}>{p}</span>,
    numeric: true,
    priority: 3,
    value: (v) => v.hooksByPosition[p],
    cell: (v) => (v.hooksByPosition[p] === 0 ? <span className="muted">0</span> : formatCount(v.hooksByPosition[p])),
  })),
  { id: "created", label: "Created", header: "Created", priority: 3, className: "nowrap", cell: (v) => <RelativeTime ms={v.createdAt} /> },
];

export function HarnessVersionsTable({ versions, caption }: { versions: HarnessVersionSummary[]; caption?: string }) {
  return <DataTable columns={COLUMNS} rows={versions} rowKey={(v) => v.id} caption={caption} label="Harness versions" />;
}
