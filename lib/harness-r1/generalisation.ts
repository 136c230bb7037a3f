// The generalisation grid: does one patch help targets it never saw? Rows are target models, columns benchmarks,
// each cell Δ = pass@1(patched) − pass@1(base) on the same checkpoint and benchmark (pass@1 over each cell's own
// tasks, as the paper reports it), with the paired interval over the shared tasks beside it. Counts of improved,
// regressed and unchanged cells and the mean Δ summarise it ("56 up, 3 down by ≤ 2.0 pp, mean +7.06 pp").
import { passAt1, type PassAt1 } from "../results/pass-at-1";
import { pairedDifference, type PairedDifference } from "./paired-difference";
import type { CellKey, CheckpointInfo, EvalCell } from "./types";

/** |Δ| below this is "unchanged": rates are ratios of counts, and 0.3 − 0.1 − 0.2 is not exactly 0. */
export const UNCHANGED_EPSILON = 1e-9;

export interface GridCell {
  checkpointId: string;
  benchmark: string;
  base: PassAt1 | null;
  patched: PassAt1 | null;
  /** patched − base (fractions); null unless both sides were evaluated. */
  delta: number | null;
  paired: PairedDifference | null;
}

export interface GeneralisationGrid {
  checkpoints: CheckpointInfo[];
  benchmarks: string[];
  /** rows[i][j]: checkpoints[i] on benchmarks[j]. */
  rows: GridCell[][];
  counts: { improved: number; regressed: number; unchanged: number; missing: number; compared: number };
  /** Equal-weight mean of the compared cells' Δ; null with none. */
  meanDelta: number | null;
  /** The most negative Δ; null when nothing regressed. */
  worstRegression: number | null;
  /** max |Δ| over the grid: the end of the colour scale. */
  maxAbsDelta: number;
}

/** The rows: checkpoints with role target that have an evaluation, else every checkpoint that has one (input order). */
export function targetCheckpoints(checkpoints: readonly CheckpointInfo[], cells: readonly CellKey[]): CheckpointInfo[] {
  const evaluated = new Set(cells.map((c) => c.checkpointId));
  const withCells = checkpoints.filter((c) => evaluated.has(c.id));
  const targets = withCells.filter((c) => c.role === "target");
  return targets.length > 0 ? targets : withCells;
}

export function generalisationGrid(
  targets: readonly CheckpointInfo[], cells: readonly EvalCell[], baseId: string, patchedId: string,
): GeneralisationGrid {
  const rowIds = new Set(targets.map((t) => t.id));
  const mine = cells.filter((c) => rowIds.has(c.checkpointId) && (c.versionId === baseId || c.versionId === patchedId));
  const find = (checkpointId: string, versionId: string, benchmark: string) =>
    mine.find((c) => c.checkpointId === checkpointId && c.versionId === versionId && c.benchmark === benchmark);
  const withCells = new Set(mine.map((c) => c.checkpointId));
  const checkpoints = targets.filter((t) => withCells.has(t.id));
  const benchmarks = [...new Set(mine.map((c) => c.benchmark))].sort();
  const counts = { improved: 0, regressed: 0, unchanged: 0, missing: 0, compared: 0 };
  const deltas: number[] = [];
  const rows = checkpoints.map((checkpoint) =>
    benchmarks.map((benchmark): GridCell => {
      const b = find(checkpoint.id, baseId, benchmark);
      const p = find(checkpoint.id, patchedId, benchmark);
      const base = b ? passAt1(b.tasks) : null;
      const patched = p ? passAt1(p.tasks) : null;
      const delta = base?.score != null && patched?.score != null ? patched.score - base.score : null;
      if (delta === null) counts.missing++;
      else {
        counts.compared++;
        deltas.push(delta);
        if (Math.abs(delta) < UNCHANGED_EPSILON) counts.unchanged++;
        else if (delta > 0) counts.improved++;
        else counts.regressed++;
      }
      return { checkpointId: checkpoint.id, benchmark, base, patched, delta, paired: b && p ? pairedDifference(p.tasks, b.tasks) : null };
    }),
  );
  const regressions = deltas.filter((d) => d <= -UNCHANGED_EPSILON);
  return {
    checkpoints, benchmarks, rows, counts,
    meanDelta: deltas.length ? deltas.reduce((s, d) => s + d, 0) / deltas.length : null,
    worstRegression: regressions.length ? Math.min(...regressions) : null,
    maxAbsDelta: deltas.reduce((m, d) => Math.max(m, Math.abs(d)), 0),
  };
}
