// The curves a page renders on the server travel to the browser a second time, as its chart's props inside the
// HTML (React's payload). Written at full precision a value costs ~19 characters ("0.45678912345678901"): for
// the 10-run overlay that was most of a 586 KB page, parsed before the chart comes alive. Here each value is
// rounded to what the page can show — the values table's 6 decimals (which the tooltip's 4 decimals and 0.1 %
// read from), at least 6 significant digits, and a hundred-thousandth of the series' range (far below a pixel)
// — so every number a reader sees and every line drawn is unchanged. GET /api/v1/curves keeps full precision.
import type { CurveSeries, CurvesResponse } from "./types";

/** The fraction digits the page shows: the tooltip (4, and 0.1 % = 3), the values table (6). */
const SHOWN_DECIMALS = [3, 4, 6];
const TABLE_DECIMALS = 6;
const SIGNIFICANT = 6;
/** Past this many decimals (or this many units of them) a double no longer rounds cleanly: keep the value. */
const MAX_DECIMALS = 15;
const MAX_UNITS = 1e12;

/**
 * `v` with `decimals` fraction digits, or `v` itself where rounding could change a shown value: when `v` lies
 * (within float error) on a half at that precision, or when the rounded value lies on a half at a coarser shown
 * precision (0.12344951 → 0.12345 would read 0.1235 in the tooltip instead of 0.1234).
 */
export function roundShown(v: number, decimals: number): number {
  if (!Number.isFinite(v) || decimals > MAX_DECIMALS) return v;
  const scale = 10 ** decimals;
  const scaled = v * scale;
  if (Math.abs(scaled) >= MAX_UNITS) return v;
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) return v;
  const units = Math.round(scaled);
  const magnitude = Math.abs(units);
  for (const shown of SHOWN_DECIMALS) {
    if (shown >= decimals) continue;
    const step = 10 ** (decimals - shown);
    if (magnitude % step === step / 2) return v;
  }
  return units / scale;
}

/** The decimals a value of this series keeps: the table's 6, 6 significant digits, 1e-5 of the series' range. */
function decimalsFor(v: number, rangeDecimals: number): number {
  const significant = v === 0 ? 0 : SIGNIFICANT - 1 - Math.floor(Math.log10(Math.abs(v)));
  return Math.max(TABLE_DECIMALS, significant, rangeDecimals);
}

function roundColumn(values: ReadonlyArray<number | null>, rangeDecimals: number): Array<number | null> {
  return values.map((v) => (v === null ? null : roundShown(v, decimalsFor(v, rangeDecimals))));
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function seriesForPage(series: CurveSeries): CurveSeries {
  let lo = Infinity;
  let hi = -Infinity;
  for (const column of [series.y, series.s]) {
    for (const v of column) {
      if (v === null || !Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const range = hi - lo;
  const rangeDecimals = range > 0 && Number.isFinite(range) ? Math.ceil(-Math.log10(range)) + 5 : 0;
  return {
    ...series,
    // On the step axis x is the step: one array for both, which React's payload then writes once.
    step: sameNumbers(series.x, series.step) ? series.x : series.step,
    y: roundColumn(series.y, rangeDecimals),
    s: roundColumn(series.s, rangeDecimals),
  };
}

/** The curves as a page hands them to its chart: every shown value and line the same, in about half the text. */
export function curvesForPage(data: CurvesResponse): CurvesResponse {
  return { ...data, series: data.series.map(seriesForPage) };
}
