// One series as the chart gets it: smoothed over the FULL series (so reducing it does not change the smoothed
// line), placed on the chosen x axis, then reduced to at most N points keeping each bucket's min and max.
import { downsampleIndices } from "./downsample";
import { ema } from "./ema";
import type { CurveSeries } from "./types";
import type { XAxis } from "./x-axis";

/** A value at a training step, in step order. */
export interface StepValue {
  step: number;
  epoch: number | null;
  time: number | null;
  value: number | null;
}

export interface BuildOptions {
  x: XAxis;
  points: number;
  smoothing: number;
  /** Step → x on the epoch axis (x-axis.ts epochPositions); needed for x = "epoch". */
  epochX?: ReadonlyMap<number, number>;
}

export type SeriesColumns = Pick<CurveSeries, "originalCount" | "withoutX" | "reduced" | "x" | "step" | "y" | "s">;

export function buildSeries(values: ReadonlyArray<StepValue>, options: BuildOptions): SeriesColumns {
  const smoothed = ema(values.map((v) => v.value), options.smoothing);
  const xAt = (v: StepValue): number | null =>
    options.x === "step" ? v.step : options.x === "time" ? v.time : options.epochX?.get(v.step) ?? null;

  let order: number[] = [];
  const xs: number[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const x = xAt(values[i]);
    if (x === null || !Number.isFinite(x)) continue;
    xs[i] = x;
    order.push(i);
  }
  const withoutX = values.length - order.length;
  // Step order is x order for steps and epochs; wall time may run backwards (a resumed run), so sort by it.
  if (options.x === "time") order.sort((a, b) => xs[a] - xs[b] || a - b);

  const keep = downsampleIndices(order.length, (k) => values[order[k]].value, options.points);
  if (keep !== null) order = keep.map((k) => order[k]);
  return {
    originalCount: values.length - withoutX,
    withoutX,
    reduced: keep !== null,
    x: order.map((i) => xs[i]),
    step: order.map((i) => values[i].step),
    y: order.map((i) => values[i].value),
    s: order.map((i) => smoothed[i]),
  };
}
