import { describe, expect, it } from "vitest";
import { curvesTable } from "./curves-table";
import { toCsv } from "../tables/table-data";
import type { CurvesResponse } from "./types";

describe("curvesTable", () => {
  it("has one row per drawn point with its source, and times as ISO strings", () => {
    const data: CurvesResponse = {
      x: "time", points: 2000, smoothing: 0.5, markers: [],
      runs: [{ id: "r1", name: "train", kind: "train", experimentId: "e", experimentName: "E", metricKeys: [], trainRollouts: 8 }],
      series: [{
        run: "r1", key: "train:pass_rate", label: "Pass rate", source: { kind: "rollouts", rollouts: 8 },
        originalCount: 2, withoutX: 0, reduced: false, x: [0, 60_000], step: [0, 1], y: [0.25, null], s: [0.25, 0.25],
      }],
    };
    const table = curvesTable(data, () => "train");
    expect(table.columns).toEqual(["run", "run id", "series", "key", "source", "step", "x (wall time)", "value", "smoothed (EMA 0.5)"]);
    expect(table.rows).toEqual([
      ["train", "r1", "Pass rate", "train:pass_rate", "computed from 8 stored rollouts", 0, "1970-01-01T00:00:00.000Z", 0.25, 0.25],
      ["train", "r1", "Pass rate", "train:pass_rate", "computed from 8 stored rollouts", 1, "1970-01-01T00:01:00.000Z", null, 0.25],
    ]);
    expect(toCsv(table).split("\r\n")[2]).toBe("train,r1,Pass rate,train:pass_rate,computed from 8 stored rollouts,1,1970-01-01T00:01:00.000Z,,0.25");
  });
});
