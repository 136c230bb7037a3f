// What the chart component draws, prepared here (pure, tested): the points of each line, the nearest point of a
// series under the pointer, run colours, and the x axis written for people.
import type { CurveSeries } from "./types";
import type { XAxis } from "./x-axis";

/** Tableau 10: distinguishable for most kinds of colour blindness, and plain hex so an exported PNG keeps them. */
export const RUN_COLORS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

export const runColor = (index: number) => RUN_COLORS[index % RUN_COLORS.length];

export interface LinePoint {
  x: number;
  /** Raw value; null is a gap in the line. */
  y: number | null;
  /** Smoothed value. */
  s: number | null;
}

/**
 * A series as the points of its own line. Each line carries its own data (series are reduced independently,
 * so their xs differ): merging them into shared rows would multiply the rows by the number of runs and force
 * lines to be joined across the rows where they have no point, hiding real gaps.
 */
export function linePoints(series: Pick<CurveSeries, "x" | "y" | "s">): LinePoint[] {
  const out: LinePoint[] = new Array(series.x.length);
  for (let i = 0; i < series.x.length; i++) out[i] = { x: series.x[i], y: series.y[i], s: series.s[i] };
  return out;
}

/** The index of the point nearest to x in ascending xs (the earlier one on a tie), or -1 when empty. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && x - xs[lo - 1] <= xs[lo] - x ? lo - 1 : lo;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A tick or tooltip x: the step as a whole number, an epoch position to two decimals, a time in UTC — as a
 * tick, at the resolution the axis spans (`spanMs`): seconds under an hour, minutes under two days, else days.
 */
export function formatCurveX(x: number, axis: XAxis, long = false, spanMs = Number.POSITIVE_INFINITY): string {
  if (axis === "step") return String(Math.round(x));
  if (axis === "epoch") return Number.isInteger(x) ? String(x) : x.toFixed(2);
  const d = new Date(x);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (long) return `${day} ${time}:${pad(d.getUTCSeconds())} UTC`;
  if (spanMs < 60 * 60 * 1000) return `${time}:${pad(d.getUTCSeconds())}`;
  return spanMs < 2 * 24 * 60 * 60 * 1000 ? `${day.slice(5)} ${time}` : day;
}

/**
 * The top of a rate axis: the largest value rounded up to the next tenth (a twentieth below 0.2), at most 1,
 * so a rate that stays under 10 % is not drawn flat against the floor of a 0–100 % axis.
 */
export function rateAxisMax(dataMax: number): number {
  if (!Number.isFinite(dataMax) || dataMax <= 0) return 0.1;
  const step = dataMax < 0.2 ? 0.05 : 0.1;
  return Math.min(1, Math.ceil(dataMax / step - 1e-9) * step);
}
