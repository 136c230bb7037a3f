import { describe, expect, it } from "vitest";
import { matrixHref, parseMatrixParams } from "./matrix-params";
import { cellKey } from "./cell-key";

const CELL = { experimentId: "exp 1", checkpointId: "ck:45", harnessVersionId: "H2", benchmark: "swe-bench/verified" };

describe("parseMatrixParams", () => {
  it("reads every parameter", () => {
    const { params, problems } = parseMatrixParams(
      { experiments: "a,b", preset: "methods", harness: "incumbent", checkpoint: "ck", baseline: cellKey(CELL), a: cellKey(CELL), b: cellKey({ ...CELL, harnessVersionId: null }) },
      { experiments: true },
    );
    expect(problems).toEqual([]);
    expect(params).toEqual({
      experiments: ["a", "b"], preset: "methods", harness: "incumbent", checkpoint: "ck", baseline: CELL, a: CELL, b: { ...CELL, harnessVersionId: null },
    });
  });

  it("takes experiments as a list too, without duplicates, and ignores them where the page has one experiment", () => {
    expect(parseMatrixParams({ experiments: ["a", "b,a"] }, { experiments: true }).params.experiments).toEqual(["a", "b"]);
    expect(parseMatrixParams({ experiments: "a" }, { experiments: false }).params).toEqual({});
  });

  it("drops bad values and names them, keeping the rest", () => {
    const { params, problems } = parseMatrixParams({ preset: "table9", harness: "best", a: "nonsense", b: ["x", "y"], checkpoint: "ck" }, { experiments: false });
    expect(params).toEqual({ checkpoint: "ck" });
    expect(problems).toEqual([
      "preset: one of methods, harness-swap, full",
      "harness: one of latest, incumbent, initial",
      "a: not a matrix cell (experiment~checkpoint~harness~benchmark)",
      "b: give one value",
    ]);
  });

  it("caps the number of experiments", () => {
    const ids = Array.from({ length: 14 }, (_, i) => `e${i}`).join(",");
    const { params, problems } = parseMatrixParams({ experiments: ids }, { experiments: true });
    expect(params.experiments).toHaveLength(12);
    expect(problems).toEqual(["experiments: at most 12; the first 12 are shown"]);
  });
});

describe("matrixHref", () => {
  it("writes the parameters in one order and round-trips through parsing", () => {
    const href = matrixHref("/compare", { experiments: ["a,1", "b"], preset: "full", a: CELL, baseline: CELL });
    expect(href.startsWith("/compare?experiments=a%2C1,b&preset=full&baseline=")).toBe(true);
    const query = new URLSearchParams(href.split("?")[1]);
    const raw = Object.fromEntries(query.entries());
    const { params } = parseMatrixParams(raw, { experiments: true });
    expect(params.a).toEqual(CELL);
    expect(params.baseline).toEqual(CELL);
  });

  it("keeps the curves view, which reads back; table is the default and anything else is named", () => {
    const href = matrixHref("/experiments/x/compare", { preset: "harness-swap", view: "curves" });
    expect(href).toBe("/experiments/x/compare?preset=harness-swap&view=curves");
    expect(parseMatrixParams({ view: "curves" }, { experiments: false })).toEqual({ params: { view: "curves" }, problems: [] });
    expect(parseMatrixParams({ view: "table" }, { experiments: false })).toEqual({ params: {}, problems: [] });
    expect(parseMatrixParams({ view: "pie" }, { experiments: false }).problems).toEqual(["view: one of table, curves"]);
  });

  it("is the bare path with nothing set", () => {
    expect(matrixHref("/experiments/x/compare", {})).toBe("/experiments/x/compare");
  });
});
