// The curves a page sends with its HTML are rounded; every number the page shows and every line must stay the same.
import { describe, expect, it } from "vitest";
import { formatNumber, formatPercent } from "../format";
import { curvesForPage, roundShown, seriesForPage } from "./page-payload";
import type { CurveSeries, CurvesResponse } from "./types";

let seed = 99;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

function series(values: Array<number | null>, smoothed = values): CurveSeries {
  const x = values.map((_, i) => i * 3);
  return { run: "r", key: "k", label: "k", source: { kind: "metric" }, originalCount: values.length, withoutX: 0, reduced: false, x, step: [...x], y: values, s: smoothed };
}

/** What the page shows of a value: the tooltip (4 decimals, or a rate's 0.1 %) and the values table (6 decimals). */
const shown = (v: number | null) => [formatNumber(v, 4), formatPercent(v), formatNumber(v, 6)];

describe("the curves a page sends with its HTML", () => {
  const kinds: Array<[string, () => number]> = [
    ["rates", () => rand()],
    ["rewards around zero", () => rand() * 2 - 1],
    ["losses", () => 0.5 + rand() * 8],
    ["learning rates", () => 1e-7 * (1 + rand())],
    ["token counts", () => 1_000 + rand() * 50_000],
    ["a tiny wobble on a large value", () => 1_000 + rand() * 1e-4],
  ];

  for (const [name, draw] of kinds) {
    it(`shows the same numbers and draws the same line for ${name}`, () => {
      const values = Array.from({ length: 2_000 }, draw);
      const smoothed = values.map((v, i) => (i === 0 ? v : 0.4 * v + 0.6 * values[i - 1]));
      const original = series(values, smoothed);
      const page = seriesForPage(original);
      const range = Math.max(...values, ...smoothed) - Math.min(...values, ...smoothed);
      const changed: string[] = [];
      for (const column of ["y", "s"] as const) {
        original[column].forEach((v, i) => {
          const r = page[column][i];
          // A hundred-thousandth of the series' range: a 260 px chart cannot show it.
          const moved = Math.abs((r as number) - (v as number)) > range * 1e-5;
          if (moved || shown(r).join() !== shown(v).join()) changed.push(`${column}[${i}]: ${v} → ${r}`);
        });
      }
      expect(changed).toEqual([]);
    });
  }

  it("keeps a value whose rounding would move a shown digit across a half", () => {
    // 0.12344951 reads 0.1234 in the tooltip; rounded to six decimals (0.12345) it would read 0.1235.
    expect(formatNumber(roundShown(0.12344951, 6), 4)).toBe("0.1234");
    expect(roundShown(0.12344951, 6)).toBe(0.12344951);
    // A rate's 0.1 %: 0.12344951 and 0.1234996 must not become 12.4 % or 12.3 % by way of a half.
    expect(formatPercent(roundShown(0.1234496, 6))).toBe(formatPercent(0.1234496));
    expect(roundShown(0.45678912345678901, 6)).toBe(0.456789);
  });

  it("keeps gaps, the x axis and everything else about a series", () => {
    const original = series([0.1, null, 0.300000000004, 0.2]);
    const page = seriesForPage(original);
    expect(page.y).toEqual([0.1, null, 0.3, 0.2]);
    expect(page.x).toEqual(original.x);
    expect(page.step).toEqual(original.step);
    expect({ ...page, y: null, s: null, step: null, x: null }).toEqual({ ...original, y: null, s: null, step: null, x: null });
  });

  it("is about half the text of the full-precision curves, and names the step column once on the step axis", () => {
    const values = Array.from({ length: 800 }, () => 0.2 + rand() * 0.5);
    const data: CurvesResponse = { x: "step", points: 800, smoothing: 0.6, runs: [], markers: [], series: Array.from({ length: 10 }, () => series(values)) };
    const page = curvesForPage(data);
    expect(JSON.stringify(page).length).toBeLessThan(0.6 * JSON.stringify(data).length);
    // React's payload writes an array it meets twice once, as a reference.
    expect(page.series.every((s) => s.step === s.x)).toBe(true);
  });
});
