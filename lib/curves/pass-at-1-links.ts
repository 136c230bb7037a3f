// Where a pass@1 point leads: the evaluation matrix with that very cell selected (as B) at its checkpoint, and
// — when the same harness version was evaluated on the same benchmark at an earlier checkpoint — that cell as
// A, so the page lists the tasks that flipped from the previous point to this one. An average point opens the
// matrix at its checkpoint (its row); a trainer's reported metric has no cell to open. Pure.
import { experimentComparePath } from "../http/page-links";
import { parseCellKey } from "../results/cell-key";
import { matrixHref } from "../results/matrix-params";
import type { Pass1Point, Pass1Series } from "./pass-at-1-types";

/** The matrix address of point `index` of an "eval results" series; null for metrics or a point without a checkpoint. */
export function pass1PointHref(experimentId: string, series: Pick<Pass1Series, "source" | "points">, index: number): string | null {
  const point: Pass1Point | undefined = series.points[index];
  if (!point || series.source !== "eval results" || point.checkpointId === null) return null;
  const base = experimentComparePath(experimentId);
  const b = point.cellKey === null ? null : parseCellKey(point.cellKey);
  if (b === null) return matrixHref(base, { preset: "harness-swap", checkpoint: point.checkpointId });
  // Points are in x order: the nearest earlier one of this series with a cell (another checkpoint) is A.
  let a = null;
  for (let i = index - 1; i >= 0 && a === null; i--) {
    const before = series.points[i];
    if (before.cellKey !== null && before.checkpointId !== point.checkpointId) a = parseCellKey(before.cellKey);
  }
  return matrixHref(base, { preset: "harness-swap", checkpoint: point.checkpointId, ...(a ? { a } : {}), b });
}
