// The metric series kept in memory between requests: read once while unchanged, read again as soon as a point
// is added (also by another connection, as the writer thread adds them), and never handed out for a caller to
// change. The curves drawn from it equal those of a store that never cached.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getCurves } from "./curves";
import { cachedMetricColumns, forgetMetricSeries } from "./metric-series-cache";
import { parseCurveSettings } from "../../lib/curves/curve-settings";
import type { StepColumns } from "../../lib/curves/build-series";

const EXP = "exp:cache";
const RUN = "run:cache";
const KEY = "critic/score/mean";

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-metric-cache-"));
  store = openStore(path.join(dir, "store.db"));
  const outcome = applyEvents(store, [
    { type: "experiment", id: EXP, name: "Cache", method: "grpo" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "running" },
    ...[0, 1, 2].map((step) => ({ type: "metrics", run: RUN, step, epoch: 1, values: { [KEY]: step / 10, other: step } })),
  ]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
});
afterEach(() => {
  store.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const needs = { epoch: false, time: false };

/** The series as the curves query reads it, counting the reads. */
function reader(target: Store) {
  const counter = { reads: 0 };
  const read = (): StepColumns => {
    counter.reads++;
    const rows = target.sqlite.prepare("SELECT step, value FROM metric_points WHERE run_id = ? AND key = ? ORDER BY step").all(RUN, KEY) as Array<{ step: number; value: number }>;
    return { step: rows.map((r) => r.step), value: rows.map((r) => r.value), epoch: rows.map(() => null), time: rows.map(() => null) };
  };
  return { counter, columns: () => cachedMetricColumns(target, RUN, KEY, needs, read) };
}

const addPoint = (target: Store, step: number, value: number) => {
  const outcome = applyEvents(target, [{ type: "metrics", run: RUN, step, epoch: 1, values: { [KEY]: value } }]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
};

describe("cachedMetricColumns", () => {
  it("reads an unchanged series once", () => {
    const { counter, columns } = reader(store);
    expect(columns().value).toEqual([0, 0.1, 0.2]);
    expect(columns().value).toEqual([0, 0.1, 0.2]);
    expect(counter.reads).toBe(1);
    // The bench drops them to time a read from the store.
    forgetMetricSeries(store);
    columns();
    expect(counter.reads).toBe(2);
  });

  it("reads the series again once a point is added, at its end or between two steps", () => {
    const { counter, columns } = reader(store);
    columns();
    addPoint(store, 10, 0.9);
    expect(columns().step).toEqual([0, 1, 2, 10]);
    addPoint(store, 5, 0.5);
    expect(columns().step).toEqual([0, 1, 2, 5, 10]);
    expect(counter.reads).toBe(3);
    // Another key of the run gaining a point leaves this one cached.
    applyEvents(store, [{ type: "metrics", run: RUN, step: 11, values: { other: 1 } }]);
    columns();
    expect(counter.reads).toBe(3);
  });

  it("sees a point another connection committed (the writer thread's)", () => {
    const { counter, columns } = reader(store);
    columns();
    const writer = openStore(path.join(dir, "store.db"));
    try {
      addPoint(writer, 3, 0.3);
    } finally {
      writer.sqlite.close();
    }
    expect(columns().value).toEqual([0, 0.1, 0.2, 0.3]);
    expect(counter.reads).toBe(2);
  });

  it("hands out columns no caller can change (frozen under the tests, so a test catches one that tries)", () => {
    const { columns } = reader(store);
    expect(() => columns().value.push(1)).toThrow(TypeError);
    expect(columns().value).toEqual([0, 0.1, 0.2]);
  });
});

describe("getCurves with the kept series", () => {
  it("draws the same curves as a store read afresh, before and after points are added", () => {
    const { settings } = parseCurveSettings({}, { runs: [RUN], keys: [KEY, "other"] });
    const fresh = () => {
      const other = openStore(path.join(dir, "store.db"));
      try {
        return getCurves(other, settings);
      } finally {
        other.sqlite.close();
      }
    };
    expect(getCurves(store, settings)).toEqual(fresh());
    addPoint(store, 3, 0.4);
    const after = getCurves(store, settings);
    expect(after).toEqual(fresh());
    expect(after.ok && after.data.series[0].y).toEqual([0, 0.1, 0.2, 0.4]);
  });
});
