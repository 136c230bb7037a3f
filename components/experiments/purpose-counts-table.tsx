// An experiment's or a run's rollouts counted by purpose (train, eval, comparison, …) with the total in the
// table's foot, drawn by the one DataTable. The experiment page adds what each purpose means and a link to the
// trajectories beside the total; the run page shows the counts alone.
import type { ReactNode } from "react";
import { ROLLOUT_PURPOSES, type RolloutPurpose } from "@/lib/domain/vocabulary";
import { formatCount } from "@/lib/format";
import { DataTable, type Column } from "@/components/tables/data-table";

interface Line {
  purpose: RolloutPurpose | "all";
  rollouts: number;
}

interface Props {
  counts: Record<RolloutPurpose, number>;
  total: number;
  /** What each purpose means (a third column), with `totalNote` beside the total. */
  notes?: Record<RolloutPurpose, string>;
  totalNote?: ReactNode;
}

export function PurposeCountsTable({ counts, total, notes, totalNote }: Props) {
  const columns: Column<Line>[] = [
    { id: "purpose", label: "Purpose", header: "Purpose", value: (l) => l.purpose },
    { id: "rollouts", label: "Rollouts", header: "Rollouts", numeric: true, value: (l) => l.rollouts, cell: (l) => formatCount(l.rollouts) },
  ];
  if (notes) {
    columns.push({
      id: "meaning",
      label: "Meaning",
      header: "Meaning",
      minWidth: "9rem",
      className: "muted",
      cell: (l) => (l.purpose === "all" ? totalNote : notes[l.purpose]),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={ROLLOUT_PURPOSES.map((purpose) => ({ purpose, rollouts: counts[purpose] }))}
      footer={[{ purpose: "all", rollouts: total }]}
      rowKey={(l) => l.purpose}
    />
  );
}
