// Section 2 of the Harness-R1 views: does the patch generalise? Target models × benchmarks as a heatmap of
// Δ pp = pass@1(patched) − pass@1(base) on the same checkpoint and benchmark, the number printed in every cell
// (the colour only repeats it), the counts of improved / regressed / unchanged cells and the mean Δ. Which two
// versions are compared is chosen in a GET form, so the view lives in the URL. Both tables are drawn by the one
// DataTable with their exports built in.
import Link from "next/link";
import type { GeneralisationGrid } from "@/lib/harness-r1/generalisation";
import { gridCellsTable, gridSummary, heatmapTable, heatRows } from "@/lib/harness-r1/grid-view";
import { scaleEnd } from "@/lib/harness-r1/diverging-scale";
import type { HarnessR1View } from "@/lib/harness-r1/view-params";
import { formatPercent } from "@/lib/format";
import { harnessComparePath, harnessR1Path } from "@/lib/http/page-links";
import { formatIntervalPp, formatPp } from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./harness-r1.module.css";

interface Props {
  experimentId: string;
  view: HarnessR1View;
  grid: GeneralisationGrid | null;
  baseId: string | null;
  patchedId: string | null;
  /** Versions offered in the form: those evaluated on a target. */
  versions: Array<{ id: string; label: string }>;
  versionLabel: (id: string) => string;
}

export function GeneralisationSection({ experimentId, view, grid, baseId, patchedId, versions, versionLabel }: Props) {
  return (
    <section className="section" aria-labelledby="generalisation-heading">
      <h2 id="generalisation-heading">Generalisation across target models</h2>
      {versions.length >= 2 && (
        <form method="get" action={harnessR1Path(experimentId)} className={styles.form} aria-label="Versions compared">
          {view.full !== undefined && <input type="hidden" name="full" value={view.full} />}
          {view.checkpoint !== undefined && <input type="hidden" name="checkpoint" value={view.checkpoint} />}
          <label>
            Base version
            <select name="base" defaultValue={baseId ?? ""}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>{v.label}</option>
              ))}
            </select>
          </label>
          <label>
            Patched version
            <select name="patched" defaultValue={patchedId ?? ""}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>{v.label}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-small">Compare</button>
        </form>
      )}
      {grid === null || baseId === null || patchedId === null || grid.counts.compared === 0 ? (
        <div className="empty-state">
          <p>
            <strong>No target model was evaluated under both versions.</strong>
          </p>
          <p>
            The grid needs per-task <code>eval_result</code> events of the same checkpoint (role <code>target</code>) and
            benchmark under a base version and a patched version. Each additional target model adds a row.
          </p>
        </div>
      ) : (
        <Grid grid={grid} baseId={baseId} patchedId={patchedId} versionLabel={versionLabel} />
      )}
    </section>
  );
}

type HeatRow = ReturnType<typeof heatRows>[number];

/** The heat map: a target model per row, its Δ per benchmark shaded by sign and size. */
function heatColumns(benchmarks: string[]): Column<HeatRow>[] {
  return [
    { id: "target", label: "Target model", header: "Target model", value: (row) => row.label },
    ...benchmarks.map((b, i): Column<HeatRow> => ({
      id: `benchmark-${b}`,
      label: b,
      header: b,
      numeric: true,
      title: (row) => row.cells[i].title,
      cellAttributes: (row) => ({ "data-tone": row.cells[i].tone, style: { background: row.cells[i].background } }),
      value: (row) => row.cells[i].text,
    })),
  ];
}

type CellRow = { checkpointId: string; label: string; cell: GeneralisationGrid["rows"][number][number] };

/** Both versions' pass@1 per cell with the paired interval. */
function cellColumns(baseLabel: string, patchedLabel: string): Column<CellRow>[] {
  return [
    { id: "target", label: "Target model", header: "Target model", value: (r) => r.label },
    { id: "benchmark", label: "Benchmark", header: "Benchmark", value: (r) => r.cell.benchmark },
    { id: "base", label: baseLabel, header: baseLabel, numeric: true, priority: 2, value: (r) => formatPercent(r.cell.base?.score) },
    { id: "patched", label: patchedLabel, header: patchedLabel, numeric: true, priority: 2, value: (r) => formatPercent(r.cell.patched?.score) },
    { id: "delta", label: "Δ", header: "Δ", numeric: true, value: (r) => formatPp(r.cell.delta === null ? null : r.cell.delta * 100) },
    { id: "interval", label: "Paired 95 % interval", header: "Paired 95 % interval", priority: 3, value: (r) => formatIntervalPp(r.cell.paired?.ci) },
    { id: "tasks", label: "Paired tasks", header: "Paired tasks", numeric: true, priority: 3, cell: (r) => r.cell.paired?.n ?? "—" },
  ];
}

function Grid({ grid, baseId, patchedId, versionLabel }: { grid: GeneralisationGrid; baseId: string; patchedId: string; versionLabel: (id: string) => string }) {
  const rows = heatRows(grid);
  const end = scaleEnd(grid.maxAbsDelta) * 100;
  const cells = gridCellsTable(grid);
  const { improved, regressed, unchanged, compared } = grid.counts;
  return (
    <>
      <p className="prose-text">
        Δ pass@1 of <strong>{versionLabel(patchedId)}</strong> against <strong>{versionLabel(baseId)}</strong> on each target model
        and benchmark (<Link href={harnessComparePath(baseId, patchedId)}>diff of the two versions</Link>).
      </p>
      <ul className={styles.counts} aria-label="Cells by outcome">
        <li className={styles.count}><strong>{improved}</strong> improved</li>
        <li className={styles.count}><strong>{regressed}</strong> regressed</li>
        <li className={styles.count}><strong>{unchanged}</strong> unchanged</li>
        <li className={styles.count}><strong>{formatPp(grid.meanDelta === null ? null : grid.meanDelta * 100, 2)}</strong> mean Δ over {compared} {compared === 1 ? "cell" : "cells"}</li>
      </ul>
      <p className="muted small">{gridSummary(grid)}</p>
      <DataTable
        columns={heatColumns(grid.benchmarks)}
        rows={rows}
        rowKey={(row) => row.checkpointId}
        caption={`Δ pass@1 in pp, ${versionLabel(patchedId)} − ${versionLabel(baseId)}; green: better, red: worse`}
        tableClassName={styles.heatmap}
        exportTable={heatmapTable(grid)}
        exportName="generalisation grid"
      />
      <div className={styles.legend} aria-hidden="true">
        <span>{formatPp(-end)}</span>
        <span className={styles.legendBar} />
        <span>{formatPp(end)}</span>
      </div>

      <details className="section">
        <summary>Both versions&apos; pass@1 per cell, with the paired interval</summary>
        <DataTable
          columns={cellColumns(versionLabel(baseId), versionLabel(patchedId))}
          rows={grid.checkpoints.flatMap((c, i) => grid.rows[i].map((cell) => ({ checkpointId: c.id, label: rows[i].label, cell })))}
          rowKey={(r) => `${r.checkpointId}\u0000${r.cell.benchmark}`}
          caption="pass@1 per target model and benchmark; the interval pairs the tasks both versions ran"
          exportTable={cells}
          exportName="generalisation cells"
        />
      </details>
    </>
  );
}
