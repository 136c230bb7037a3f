// What the generalisation section shows, prepared on the server: the heatmap (one row per target, the Δ text and
// shade of each cell), the summary line, and both tables as data — the grid as shown, and one row per cell with
// pass@1 of both versions and the paired interval.
import { formatPp } from "../stats/format-stats";
import type { TableData } from "../tables/table-data";
import { scaleEnd, shadeCss, shadeOf, type Tone } from "./diverging-scale";
import type { GeneralisationGrid } from "./generalisation";
import { checkpointLabel } from "./types";

const pp = (fraction: number | null | undefined) => (fraction === null || fraction === undefined ? null : fraction * 100);

export interface HeatCell {
  benchmark: string;
  /** "+8.0 pp", or "—" when a side was not evaluated. */
  text: string;
  tone: Tone;
  background: string;
  /** Hover text: both pass@1 values and the tasks. */
  title: string;
}

export interface HeatRow {
  checkpointId: string;
  label: string;
  cells: HeatCell[];
}

export function heatRows(grid: GeneralisationGrid): HeatRow[] {
  const end = scaleEnd(grid.maxAbsDelta);
  return grid.checkpoints.map((c, i) => ({
    checkpointId: c.id,
    label: checkpointLabel(c),
    cells: grid.rows[i].map((cell) => {
      const shade = shadeOf(cell.delta, end);
      const side = (name: string, p: typeof cell.base) =>
        p?.score == null ? `${name}: not evaluated` : `${name}: ${(p.score * 100).toFixed(1)}% over ${p.tasks} tasks`;
      return {
        benchmark: cell.benchmark, text: formatPp(pp(cell.delta)), tone: shade.tone, background: shadeCss(shade),
        title: `${side("base", cell.base)}; ${side("patched", cell.patched)}`,
      };
    }),
  }));
}

/** The grid as shown: one row per target, Δ pp per benchmark. */
export function heatmapTable(grid: GeneralisationGrid): TableData {
  return {
    columns: ["Target model", ...grid.benchmarks.map((b) => `${b} Δ (pp)`)],
    rows: grid.checkpoints.map((c, i) => [checkpointLabel(c), ...grid.rows[i].map((cell) => pp(cell.delta))]),
  };
}

/** One row per cell: both sides' pass@1, Δ, and the paired interval over shared tasks. */
export function gridCellsTable(grid: GeneralisationGrid): TableData {
  return {
    columns: [
      "Target model", "Benchmark", "pass@1 base (%)", "pass@1 patched (%)", "Δ (pp)", "Paired 95% CI low (pp)", "Paired 95% CI high (pp)",
      "Paired tasks",
    ],
    rows: grid.checkpoints.flatMap((c, i) =>
      grid.rows[i].map((cell) => [
        checkpointLabel(c), cell.benchmark, pp(cell.base?.score), pp(cell.patched?.score), pp(cell.delta),
        pp(cell.paired?.ci?.[0]), pp(cell.paired?.ci?.[1]), cell.paired?.n ?? null,
      ]),
    ),
  };
}

/** "14 improved, 2 regressed, 2 unchanged of 18 cells; mean Δ +5.7 pp; largest regression −2.0 pp." */
export function gridSummary(grid: GeneralisationGrid): string {
  const { improved, regressed, unchanged, compared, missing } = grid.counts;
  const parts = [
    `${improved} improved, ${regressed} regressed, ${unchanged} unchanged of ${compared} ${compared === 1 ? "cell" : "cells"}`,
    `mean Δ ${formatPp(pp(grid.meanDelta))} (equal weight per cell)`,
  ];
  if (grid.worstRegression !== null) parts.push(`largest regression ${formatPp(pp(grid.worstRegression))}`);
  if (missing > 0) parts.push(`${missing} ${missing === 1 ? "cell" : "cells"} without both versions evaluated`);
  return `${parts.join("; ")}.`;
}
