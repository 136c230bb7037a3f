// The engineer's training curve as a table: mean reward r(B, P) per step. The chart itself is the shared curve
// component's job (embedded by the lead); this keeps the numbers available and exportable meanwhile.
import type { TableData } from "../tables/table-data";

/** The metric the engineer is trained on: mean reward r(B, P) over the patches of a step. */
export const ENGINEER_REWARD_KEY = "engineer/reward/mean";

export interface CurvePoint {
  step: number;
  epoch: number | null;
  value: number | null;
}

export function engineerCurveTable(points: readonly CurvePoint[]): TableData {
  const withEpoch = points.some((p) => p.epoch !== null);
  return {
    columns: ["Step", ...(withEpoch ? ["Epoch"] : []), ENGINEER_REWARD_KEY],
    rows: points.map((p) => [p.step, ...(withEpoch ? [p.epoch] : []), p.value]),
  };
}

/** First, last and best value, for the line above the table; null without a value. */
export function curveSummary(points: readonly CurvePoint[]): { first: number; last: number; best: number; bestStep: number } | null {
  const valued = points.filter((p): p is CurvePoint & { value: number } => p.value !== null);
  if (valued.length === 0) return null;
  const best = valued.reduce((b, p) => (p.value > b.value ? p : b));
  return { first: valued[0].value, last: valued[valued.length - 1].value, best: best.value, bestStep: best.step };
}
