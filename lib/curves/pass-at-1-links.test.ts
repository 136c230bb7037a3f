// Where a pass@1 point leads: its matrix cell as B at its checkpoint, the same line's previous checkpoint as A
// (for the flips), the row for an average point, nothing for a trainer's metric.
import { describe, expect, it } from "vitest";
import { cellKey } from "../results/cell-key";
import { parseMatrixParams } from "../results/matrix-params";
import { pass1PointHref } from "./pass-at-1-links";
import type { Pass1Point } from "./pass-at-1-types";

const cell = (checkpointId: string) => ({ experimentId: "e/1", checkpointId, harnessVersionId: "H~1", benchmark: "b" });
const point = (checkpointId: string | null, x: number, key: string | null): Pass1Point =>
  ({ x, step: x, checkpointId, passAt1: 0.5, lo: 0.4, hi: 0.6, tasks: 10, cellKey: key });
const params = (href: string | null) => {
  const url = new URL(href!, "http://x");
  return { path: url.pathname, ...parseMatrixParams(Object.fromEntries(url.searchParams), { experiments: false }).params };
};

describe("pass1PointHref", () => {
  const points = [point("c0", 0, cellKey(cell("c0"))), point("c3", 3, cellKey(cell("c3"))), point("c6", 6, cellKey(cell("c6")))];

  it("opens the point's cell as B at its checkpoint, with the previous checkpoint's cell as A", () => {
    expect(params(pass1PointHref("e/1", { source: "eval results", points }, 2))).toEqual({
      path: "/experiments/e%2F1/compare", preset: "harness-swap", checkpoint: "c6", a: cell("c3"), b: cell("c6"),
    });
    expect(params(pass1PointHref("e/1", { source: "eval results", points }, 0))).toEqual({
      path: "/experiments/e%2F1/compare", preset: "harness-swap", checkpoint: "c0", b: cell("c0"),
    });
  });

  it("opens an average point's row, and gives a metric point or a missing index no link", () => {
    expect(params(pass1PointHref("e/1", { source: "eval results", points: [point("c6", 6, null)] }, 0))).toEqual({
      path: "/experiments/e%2F1/compare", preset: "harness-swap", checkpoint: "c6",
    });
    expect(pass1PointHref("e/1", { source: "metrics", points: [point(null, 6, null)] }, 0)).toBeNull();
    expect(pass1PointHref("e/1", { source: "eval results", points }, 7)).toBeNull();
  });
});
