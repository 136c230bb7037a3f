// The teacher and engineer calls of an experiment, counted from what they produced. Drawn by the one DataTable.
import { formatCount } from "@/lib/format";
import { callRows, type CallCounts } from "@/lib/cost/model-calls";
import { DataTable, type Column } from "@/components/tables/data-table";

type CallRow = ReturnType<typeof callRows>[number];

const COLUMNS: Column<CallRow>[] = [
  { id: "produced", label: "Produced", header: "Produced", value: (r) => r.label },
  { id: "model", label: "Model", header: "Model", truncate: { width: "14rem" }, value: (r) => r.model },
  { id: "count", label: "Count", header: "Count", numeric: true, value: (r) => r.count, cell: (r) => formatCount(r.count) },
  { id: "note", label: "Counted as", header: "Counted as", priority: 2, className: "muted", value: (r) => r.note },
];

export function CallsTable({ calls }: { calls: CallCounts }) {
  return <DataTable columns={COLUMNS} rows={callRows(calls)} rowKey={(r) => r.key} caption="Calls to the teachers and the engineer" captionHidden />;
}
