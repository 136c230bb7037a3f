// The columns both comparison tables share (measured rollouts and reported summaries): the measure's name, a
// side's column (base or candidate), and the change relative (as the paper reports it) and in pp. On the rollouts row (null) the change columns hold one
// note spanning them instead of figures.
import type { ReactNode } from "react";
import type { RateChange } from "@/lib/stats/rate-change";
import { formatPp, formatRelativeChange } from "@/lib/stats/format-stats";
import type { Column } from "@/components/tables/data-table";
import { sideHeading, type SideLabels } from "./comparison-format";

type RateKey = "passRate" | "trainableRate";
/** The rollouts row (null) or one rate's row. */
type Row = { key: RateKey; name: string } | null;

export function measureColumn<R extends Row>(): Column<R> {
  return { id: "measure", label: "Measure", header: "Measure", cell: (m) => (m === null ? "Rollouts" : m.name) };
}

/** One side's column: headed by its label, each row's figure drawn by `cell`. */
export function sideColumn<R extends Row>(side: "base" | "candidate", labels: SideLabels, cell: (row: R) => ReactNode): Column<R> {
  return { id: side, label: sideHeading(side, labels[side]), header: sideHeading(side, labels[side]), numeric: true, cell };
}

/** The columns both tables start with: measure, base, candidate, relative and pp change (`note` across the rollouts row). */
export function comparisonColumns<R extends Row>(
  labels: SideLabels,
  sideCell: (side: "base" | "candidate", row: R) => ReactNode,
  change: Record<RateKey, RateChange>,
  note: ReactNode,
  noteSpan: number,
): Column<R>[] {
  const side = (s: "base" | "candidate") => sideColumn<R>(s, labels, (row) => sideCell(s, row));
  return [measureColumn<R>(), side("base"), side("candidate"), ...changeColumns<R>(change, note, noteSpan)];
}

/** The relative and pp change; `note` spans `noteSpan` columns of the rollouts row. */
export function changeColumns<R extends Row>(change: Record<RateKey, RateChange>, note: ReactNode, noteSpan: number): Column<R>[] {
  return [
    {
      id: "relative",
      label: "Change (relative)",
      header: "Change (relative)",
      numeric: true,
      colSpan: (m) => (m === null ? noteSpan : undefined),
      cell: (m) => (m === null ? <span className="muted small">{note}</span> : formatRelativeChange(change[m.key].relative)),
    },
    { id: "pp", label: "Change (pp)", header: "Change (pp)", numeric: true, cell: (m) => m && formatPp(change[m.key].pp) },
  ];
}
