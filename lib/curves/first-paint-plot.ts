// The geometry of a training chart as the server can draw it (issue 18, time to usable content): recharts 3
// renders nothing on the server (it measures its box in the browser first), so the overview's curves appeared
// only after hydration. This computes the same picture in a 0–1000 box — the lines (raw and smoothed), the
// tick values and the markers' x — for a plain SVG stretched over recharts' plot area, which recharts replaces
// once it has drawn. Scales follow the chart's: x from the data's ends (whole epochs on the epoch axis), y from 0
// to rateAxisMax for a rate, else rounded outwards to the tick step; ticks step like recharts' (getFormatStep).
import { formatCurveX, rateAxisMax } from "./chart-data";
import type { XAxis } from "./x-axis";
import { formatNumber, formatPercent } from "../format";

/** The box the paths are drawn in; the SVG stretches it over the plot area. */
export const PLOT_UNITS = 1000;

export interface PlotLineInput {
  color: string;
  x: readonly number[];
  y: ReadonlyArray<number | null>;
  s: ReadonlyArray<number | null>;
}

export interface PlotMarkerInput {
  kind: "harness" | "epoch";
  x: number | null;
  color: string;
  label: string;
}

export interface PlotPath {
  d: string;
  /** The points as 0–1000 positions, for dots on a short line. */
  points: Array<[number, number]>;
  color: string;
  width: number;
  opacity: number;
}

export interface PlotTick {
  /** 0–1000 along the axis (y: from the top). */
  at: number;
  label: string;
}

export interface PlotMarker {
  at: number;
  color: string;
  dashed: boolean;
  label: string;
}

export interface FirstPaintPlot {
  paths: PlotPath[];
  /** The chart draws a dot on each point of its lines when no line has more than 12. */
  dots: boolean;
  xTicks: PlotTick[];
  yTicks: PlotTick[];
  markers: PlotMarker[];
}

/**
 * recharts' tick step (getFormatStep): the rough step rounded up to a multiple of .05 or .1 of its power of ten,
 * in plain floating point as recharts 3 computes it (0.075 becomes 0.08: 0.75 / 0.05 is 15.000000000000002).
 */
export function tickStep(roughStep: number, allowDecimals: boolean): number {
  if (!Number.isFinite(roughStep) || roughStep <= 0) return 1;
  const digits = Math.floor(Math.log10(roughStep)) + 1;
  const power = 10 ** digits;
  const scale = digits !== 1 ? 0.05 : 0.1;
  const step = Math.ceil(roughStep / power / scale) * scale * power;
  return allowDecimals ? step : Math.max(1, Math.ceil(step));
}

/** From lo by step up to hi; on a fixed domain recharts also puts a tick at its end (`withEnd`). */
function ticksOf(lo: number, hi: number, step: number, withEnd: boolean): number[] {
  const out: number[] = [];
  for (let v = lo, i = 0; v <= hi + step * 1e-6 && i < 50; i++, v = lo + i * step) out.push(Math.round(v / step) * step);
  if (withEnd && Math.abs(out[out.length - 1] - hi) > step * 1e-6) out.push(hi);
  return out;
}

const TICKS = 5;

/**
 * One unbroken stretch of a line as SVG path text: the first point absolute, the rest relative ("l" with its
 * pairs repeated), each step taken between the rounded absolute positions so rounding never drifts along the
 * line. A point at the same position as the one before adds nothing to the picture and is left out.
 */
export function pathText(points: ReadonlyArray<readonly [number, number]>): string {
  if (points.length === 0) return "";
  const [x0, y0] = points[0];
  let d = `M${x0} ${y0}`;
  let [px, py] = [x0, y0];
  let pairs = 0;
  for (let i = 1; i < points.length; i++) {
    const [x, y] = points[i];
    const dx = x - px;
    const dy = y - py;
    if (dx === 0 && dy === 0) continue;
    // A minus sign separates two numbers by itself; anything else needs a space.
    const pair = `${dx}${dy < 0 ? "" : " "}${dy}`;
    d += pairs === 0 ? `l${pair}` : dx < 0 ? pair : ` ${pair}`;
    pairs++;
    [px, py] = [x, y];
  }
  return d;
}

/** The picture of one chart, or null when no line has a value to draw. */
export function firstPaintPlot(input: { lines: PlotLineInput[]; markers: PlotMarkerInput[]; axis: XAxis; rate: boolean; smoothing: number }): FirstPaintPlot | null {
  const { lines, axis, rate, smoothing } = input;
  const xs = lines.flatMap((l) => l.x);
  const ys = lines.flatMap((l) => [...l.y, ...(smoothing > 0 ? l.s : [])]).filter((v): v is number => v !== null && Number.isFinite(v));
  if (xs.length === 0 || ys.length === 0) return null;

  let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  if (axis === "epoch") [x0, x1] = [Math.floor(x0), Math.ceil(x1)];
  if (x0 === x1) [x0, x1] = [x0 - 1, x1 + 1];
  const xStep = tickStep((x1 - x0) / (TICKS - 1), axis !== "step");
  const xTickValues = ticksOf(x0, x1, xStep, true);

  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  let yStep: number;
  if (rate) {
    [y0, y1] = [0, rateAxisMax(y1)];
    yStep = tickStep((y1 - y0) / (TICKS - 1), true);
  } else {
    if (y0 === y1) [y0, y1] = [y0 - 1, y1 + 1];
    yStep = tickStep((y1 - y0) / (TICKS - 1), true);
    [y0, y1] = [Math.floor(y0 / yStep + 1e-9) * yStep, Math.ceil(y1 / yStep - 1e-9) * yStep];
  }
  const yTickValues = ticksOf(y0, y1, yStep, rate);

  const px = (x: number) => ((x - x0) / (x1 - x0)) * PLOT_UNITS;
  const py = (y: number) => PLOT_UNITS - ((y - y0) / (y1 - y0)) * PLOT_UNITS;
  // Whole units of the 0–1000 box: about a pixel across a wide chart and a fifth of one up its 208 px, so the
  // picture is the same as with tenths, and a point costs ~5 characters of HTML instead of ~12.
  const path = (x: readonly number[], y: ReadonlyArray<number | null>) => {
    const points: Array<[number, number]> = [];
    const segments: Array<Array<[number, number]>> = [];
    let pen = false;
    for (let i = 0; i < x.length; i++) {
      const v = y[i];
      if (v === null || !Number.isFinite(v)) {
        pen = false; // a gap, as recharts leaves one (connectNulls is off)
        continue;
      }
      const point: [number, number] = [Math.round(px(x[i])), Math.round(py(v))];
      points.push(point);
      if (!pen) segments.push([]);
      segments[segments.length - 1].push(point);
      pen = true;
    }
    return { d: segments.map(pathText).join(""), points };
  };

  const paths: PlotPath[] = [];
  if (smoothing > 0) for (const l of lines) paths.push({ ...path(l.x, l.y), color: l.color, width: 1, opacity: 0.3 });
  for (const l of lines) paths.push({ ...path(l.x, smoothing > 0 ? l.s : l.y), color: l.color, width: 2, opacity: 1 });

  const span = x1 - x0;
  return {
    paths: paths.filter((p) => p.d !== ""),
    dots: Math.max(0, ...lines.map((l) => l.x.length)) <= 12,
    xTicks: xTickValues.map((v) => ({ at: px(v), label: formatCurveX(v, axis, false, span) })),
    yTicks: yTickValues.map((v) => ({ at: py(v), label: rate ? formatPercent(v, 0) : formatNumber(v, 3) })),
    markers: input.markers
      .filter((m): m is PlotMarkerInput & { x: number } => m.x !== null && m.x >= x0 && m.x <= x1)
      .map((m) => ({ at: px(m.x), color: m.color, dashed: m.kind === "epoch", label: m.label })),
  };
}
