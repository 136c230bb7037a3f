import { describe, expect, it } from "vitest";
import { generalisationGrid, targetCheckpoints } from "./generalisation";
import type { CheckpointInfo, EvalCell } from "./types";

const ckpt = (id: string, role = "target"): CheckpointInfo => ({ id, name: null, model: null, role });
const solved = (k: number, n = 10) => Array.from({ length: n }, (_, i) => ({ taskId: `t${i}`, successes: i < k ? 1 : 0, attempts: 1 }));
const cell = (checkpointId: string, versionId: string, benchmark: string, k: number, n = 10): EvalCell => ({ checkpointId, versionId, benchmark, tasks: solved(k, n) });

describe("targetCheckpoints", () => {
  it("takes evaluated checkpoints with role target, else every evaluated checkpoint", () => {
    const cells = [cell("t1", "H0", "w", 1), cell("p", "H0", "w", 1)];
    expect(targetCheckpoints([ckpt("t1"), ckpt("t2"), ckpt("p", "policy")], cells).map((c) => c.id)).toEqual(["t1"]);
    expect(targetCheckpoints([ckpt("p", "policy"), ckpt("q", "policy")], [cell("p", "H0", "w", 1), cell("q", "H0", "w", 1)]).map((c) => c.id)).toEqual(["p", "q"]);
  });
});

describe("generalisationGrid", () => {
  const targets = [ckpt("m1"), ckpt("m2"), ckpt("m3")];
  const cells = [
    cell("m1", "H0", "web", 5), cell("m1", "F", "web", 8), // +30 pp
    cell("m1", "H0", "db", 4), cell("m1", "F", "db", 3), // −10 pp
    cell("m2", "H0", "web", 5), cell("m2", "F", "web", 5), // 0
    cell("m2", "H0", "db", 2), // no F: missing
    cell("m2", "other", "db", 9), // another version: ignored
    // m3 has neither version: not a row.
    cell("m3", "other", "web", 1),
  ];
  const grid = generalisationGrid(targets, cells, "H0", "F");

  it("has a row per target with either version, a column per benchmark, Δ = patched − base", () => {
    expect(grid.checkpoints.map((c) => c.id)).toEqual(["m1", "m2"]);
    expect(grid.benchmarks).toEqual(["db", "web"]);
    expect(grid.rows.map((r) => r.map((c) => (c.delta === null ? null : Math.round(c.delta * 1000) / 10)))).toEqual([[-10, 30], [null, 0]]);
    expect(grid.rows[0][1].base?.score).toBe(0.5);
    expect(grid.rows[0][1].patched?.score).toBe(0.8);
    expect(grid.rows[0][1].paired).toMatchObject({ n: 10, mean: expect.closeTo(0.3, 12) });
    expect(grid.rows[1][0].paired).toBeNull();
  });

  it("counts improved, regressed, unchanged and missing cells, the mean Δ and the worst regression", () => {
    expect(grid.counts).toEqual({ improved: 1, regressed: 1, unchanged: 1, missing: 1, compared: 3 });
    expect(grid.meanDelta).toBeCloseTo((0.3 - 0.1 + 0) / 3, 12);
    expect(grid.worstRegression).toBeCloseTo(-0.1, 12);
    expect(grid.maxAbsDelta).toBeCloseTo(0.3, 12);
  });

  it("counts a difference that is zero up to rounding as unchanged", () => {
    // (0.1 + 0.2) / 2 = 0.15000000000000002 against (0.3 + 0) / 2 = 0.15.
    const a = { checkpointId: "m1", versionId: "H0", benchmark: "w", tasks: [{ taskId: "x", successes: 1, attempts: 10 }, { taskId: "y", successes: 2, attempts: 10 }] };
    const b = { checkpointId: "m1", versionId: "F", benchmark: "w", tasks: [{ taskId: "x", successes: 3, attempts: 10 }, { taskId: "y", successes: 0, attempts: 10 }] };
    const g = generalisationGrid(targets, [a, b], "H0", "F");
    expect(g.rows[0][0].delta).not.toBe(0);
    expect(g.counts).toMatchObject({ unchanged: 1, improved: 0, regressed: 0 });
    expect(g.worstRegression).toBeNull();
  });

  it("is empty without cells", () => {
    const g = generalisationGrid(targets, [], "H0", "F");
    expect(g).toMatchObject({ checkpoints: [], benchmarks: [], rows: [], meanDelta: null, worstRegression: null, maxAbsDelta: 0 });
  });
});
