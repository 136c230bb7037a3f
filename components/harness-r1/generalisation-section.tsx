// Section 2 of the Harness-R1 views: does the patch generalise? Target models × benchmarks as a heatmap of
// Δ pp = pass@1(patched) − pass@1(base) on the same checkpoint and benchmark, the number printed in every cell
// (the colour only repeats it), the counts of improved / regressed / unchanged cells and the mean Δ. Which two
// versions are compared is chosen in a GET form, so the view lives in the URL.
import Link from "next/link";
import type { GeneralisationGrid } from "@/lib/harness-r1/generalisation";
import { gridCellsTable, gridSummary, heatmapTable, heatRows } from "@/lib/harness-r1/grid-view";
import { scaleEnd } from "@/lib/harness-r1/diverging-scale";
import type { HarnessR1View } from "@/lib/harness-r1/view-params";
import { formatPercent } from "@/lib/format";
import { harnessComparePath, harnessR1Path } from "@/lib/http/page-links";
import { formatIntervalPp, formatPp } from "@/lib/stats/format-stats";
import { TableExport } from "@/components/ui/table-export";
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
      <div className="table-wrap">
        <table className={`table ${styles.heatmap}`}>
          <caption>Δ pass@1 in pp, {versionLabel(patchedId)} − {versionLabel(baseId)}; green: better, red: worse</caption>
          <thead>
            <tr>
              <th scope="col">Target model</th>
              {grid.benchmarks.map((b) => (
                <th key={b} scope="col" className="num">{b}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.checkpointId}>
                <th scope="row">{row.label}</th>
                {row.cells.map((c) => (
                  <td key={c.benchmark} data-tone={c.tone} style={{ background: c.background }} title={c.title}>
                    {c.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.legend} aria-hidden="true">
        <span>{formatPp(-end)}</span>
        <span className={styles.legendBar} />
        <span>{formatPp(end)}</span>
      </div>
      <TableExport table={heatmapTable(grid)} name="generalisation grid" />

      <details className="section">
        <summary>Both versions&apos; pass@1 per cell, with the paired interval</summary>
        <div className="table-wrap">
          <table className="table">
            <caption>pass@1 per target model and benchmark; the interval pairs the tasks both versions ran</caption>
            <thead>
              <tr>
                <th scope="col">Target model</th>
                <th scope="col">Benchmark</th>
                <th scope="col" className="num">{versionLabel(baseId)}</th>
                <th scope="col" className="num">{versionLabel(patchedId)}</th>
                <th scope="col" className="num">Δ</th>
                <th scope="col">Paired 95 % interval</th>
                <th scope="col" className="num">Paired tasks</th>
              </tr>
            </thead>
            <tbody>
              {grid.checkpoints.flatMap((c, i) =>
                grid.rows[i].map((cell) => (
                  <tr key={`${c.id}\u0000${cell.benchmark}`}>
                    <th scope="row">{rows[i].label}</th>
                    <td>{cell.benchmark}</td>
                    <td className="num">{formatPercent(cell.base?.score)}</td>
                    <td className="num">{formatPercent(cell.patched?.score)}</td>
                    <td className="num">{formatPp(cell.delta === null ? null : cell.delta * 100)}</td>
                    <td>{formatIntervalPp(cell.paired?.ci)}</td>
                    <td className="num">{cell.paired?.n ?? "—"}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
        <TableExport table={cells} name="generalisation cells" />
      </details>
    </>
  );
}
