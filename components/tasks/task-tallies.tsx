// A task's successes / rollouts per harness version and per checkpoint: where the task flips. Both drawn by the
// one DataTable with the same count columns.
import type { CheckpointTally, HarnessVersionTally, OutcomeCounts } from "@/db/queries/task-page";
import { formatCount } from "@/lib/format";
import { Rate } from "@/components/runs/rate-cell";
import { DataTable, type Column } from "@/components/tables/data-table";

function countColumns<T extends OutcomeCounts>(): Column<T>[] {
  return [
    { id: "rate", label: "Successes / rollouts", header: "Successes / rollouts", numeric: true, cell: (t) => <Rate count={t.successes} total={t.rollouts} /> },
    { id: "failures", label: "Failures", header: "Failures", numeric: true, priority: 2, cell: (t) => formatCount(t.failures) },
    { id: "unknown", label: "Unknown", header: "Unknown", numeric: true, priority: 3, cell: (t) => formatCount(t.unknown) },
    { id: "truncated", label: "Truncated", header: "Truncated", numeric: true, priority: 3, cell: (t) => formatCount(t.truncated) },
  ];
}

const experimentColumn = <T extends { experimentName: string | null }>(): Column<T> => ({
  id: "experiment",
  label: "Experiment",
  header: "Experiment",
  priority: 2,
  className: "wrap-anywhere",
  cell: (t) => t.experimentName ?? <span className="muted">—</span>,
});

const HARNESS_COLUMNS: Column<HarnessVersionTally>[] = [
  { id: "harness", label: "Harness version", header: "Harness version", cell: (t) => t.label ?? <span className="muted">none given</span> },
  experimentColumn(),
  ...countColumns<HarnessVersionTally>(),
];

export function HarnessVersionTallyTable({ rows }: { rows: HarnessVersionTally[] }) {
  return <DataTable columns={HARNESS_COLUMNS} rows={rows} rowKey={(t) => t.harnessVersionId ?? "none"} />;
}

const CHECKPOINT_COLUMNS: Column<CheckpointTally>[] = [
  {
    id: "checkpoint",
    label: "Checkpoint",
    header: "Checkpoint",
    className: "wrap-anywhere",
    cell: (t) => (t.checkpointId === null ? <span className="muted">none given</span> : (t.name ?? <span className="mono">{t.checkpointId}</span>)),
  },
  { id: "step", label: "Step", header: "Step", numeric: true, cell: (t) => t.step ?? "—" },
  experimentColumn(),
  ...countColumns<CheckpointTally>(),
];

export function CheckpointTallyTable({ rows }: { rows: CheckpointTally[] }) {
  return <DataTable columns={CHECKPOINT_COLUMNS} rows={rows} rowKey={(t) => t.checkpointId ?? "none"} />;
}
