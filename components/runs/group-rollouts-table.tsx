// The K rollouts of one GRPO group, each with what the update made of it (kept, or dropped and why). Drawn by
// the one DataTable: the rollout id first (cut, full id on hover and focus), outcome and reward always shown.
import Link from "next/link";
import type { GroupRolloutRow } from "@/db/queries/run-steps";
import type { DropCause } from "@/lib/metrics/group-usability";
import { formatCount, formatNumber } from "@/lib/format";
import { rolloutPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { RolloutOutcomeBadge, TruncationCell } from "./outcome-badge";
import { DataTable, type Column } from "@/components/tables/data-table";

const DROP_TEXT: Record<DropCause, string> = {
  truncated: "dropped: truncated",
  "unknown-reward": "dropped: unknown reward",
};

type Row = GroupRolloutRow & { drop: DropCause | null | undefined };

const COLUMNS: Column<Row>[] = [
  {
    id: "rollout",
    label: "Rollout",
    header: "Rollout",
    truncate: { width: "clamp(8rem, 30vw, 24rem)", text: (r) => r.id },
    cell: (r) => (
      <Link href={rolloutPath(r.id)} className="mono">
        {r.id}
      </Link>
    ),
  },
  { id: "sample", label: "Sample", header: "Sample", numeric: true, priority: 3, cell: (r) => r.sampleIndex ?? "—" },
  { id: "outcome", label: "Outcome", header: "Outcome", cell: (r) => <RolloutOutcomeBadge success={r.success} reward={r.reward} /> },
  { id: "reward", label: "Reward", header: "Reward", numeric: true, cell: (r) => <span title={r.reward === null ? "reward unknown" : undefined}>{formatNumber(r.reward)}</span> },
  { id: "truncated", label: "Truncated", header: "Truncated", priority: 2, cell: (r) => <TruncationCell truncated={r.truncated} kind={r.truncationKind} /> },
  { id: "exit", label: "Exit status", header: "Exit status", priority: 3, truncate: { width: "10rem", text: (r) => r.exitStatus ?? "" }, cell: (r) => r.exitStatus ?? <span className="muted">—</span> },
  { id: "turns", label: "Turns", header: "Turns", numeric: true, priority: 3, cell: (r) => formatCount(r.numTurns) },
  {
    id: "update",
    label: "In the update",
    header: "In the update",
    priority: 2,
    cell: (r) => (r.drop === null || r.drop === undefined ? <Badge tone="outline">kept</Badge> : <Badge tone="warning">{DROP_TEXT[r.drop]}</Badge>),
  },
  { id: "harness", label: "Harness", header: "Harness", priority: 3, cell: (r) => r.harnessLabel ?? <span className="muted">—</span> },
  {
    id: "checkpoint",
    label: "Checkpoint",
    header: "Checkpoint",
    priority: 3,
    truncate: { width: "10rem", text: (r) => r.checkpointName ?? r.checkpointId ?? "" },
    cell: (r) => r.checkpointName ?? r.checkpointId ?? <span className="muted">—</span>,
  },
];

export function GroupRolloutsTable({ rollouts, drops }: { rollouts: GroupRolloutRow[]; drops: Array<DropCause | null> }) {
  const rows = rollouts.map((r, i) => ({ ...r, drop: drops[i] }));
  return <DataTable columns={COLUMNS} rows={rows} rowKey={(r) => r.id} caption="The rollouts of this group" captionHidden />;
}
