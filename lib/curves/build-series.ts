// One series as the chart gets it: smoothed over the FULL series (so reducing it does not change the smoothed
// line), placed on the chosen x axis, then reduced to at most N points keeping each bucket's min and max.
// Columns rather than one object per point: a series may hold 100,000 points and is answered in < 100 ms.
import { downsampleIndices } from "./downsample";
import { ema } from "./ema";
import type { CurveSeries } from "./types";
import type { XAxis } from "./x-axis";

/** Values at training steps as columns of equal length, in step order. */
export interface StepColumns {
  step: number[];
  epoch: Array<number | null>;
  time: Array<number | null>;
  value: Array<number | null>;
}

export const emptyColumns = (): StepColumns => ({ step: [], epoch: [], time: [], value: [] });

export interface BuildOptions {
  x: XAxis;
  points: number;
  smoothing: number;
  /** Step → x on the epoch axis (x-axis.ts epochPositions); needed for x = "epoch". */
  epochX?: ReadonlyMap<number, number>;
}

export type SeriesColumns = Pick<CurveSeries, "originalCount" | "withoutX" | "reduced" | "x" | "step" | "y" | "s">;

export function buildSeries(cols: StepColumns, options: BuildOptions): SeriesColumns {
  const n = cols.step.length;
  const smoothed = ema(cols.value, options.smoothing);
  let xs: Array<number | null>;
  if (options.x === "step") xs = cols.step;
  else if (options.x === "time") xs = cols.time;
  else xs = cols.step.map((step) => options.epochX?.get(step) ?? null);

  let order: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    if (x !== null && Number.isFinite(x)) order.push(i);
  }
  const withoutX = n - order.length;
  // Step order is x order for steps and epochs; wall time may run backwards (a resumed run), so sort by it.
  if (options.x === "time") order.sort((a, b) => (xs[a] as number) - (xs[b] as number) || a - b);

  const keep = downsampleIndices(order.length, (k) => cols.value[order[k]], options.points);
  if (keep !== null) order = keep.map((k) => order[k]);
  return {
    originalCount: n - withoutX,
    withoutX,
    reduced: keep !== null,
    x: order.map((i) => xs[i] as number),
    step: order.map((i) => cols.step[i]),
    y: order.map((i) => cols.value[i]),
    s: order.map((i) => smoothed[i]),
  };
}
