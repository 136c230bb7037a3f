import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getRolloutTotals, type RolloutTotals } from "./rollout-totals";
import { costEvents, costIds } from "../../test/fixtures/cost/events";

const ids = costIds("t");
let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  expect(applyEvents(store, costEvents("t"))).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

const sorted = (rows: RolloutTotals[]) => [...rows].sort((a, b) => `${a.runId}${a.purpose}`.localeCompare(`${b.runId}${b.purpose}`));

function more(n: number, experiment: string, run: string, from: number) {
  return Array.from({ length: n }, (_, i) => ({
    type: "rollout" as const, id: `t:late/${from + i}`, experiment, run, task: ids.task, purpose: "train" as const,
    reward: 1, success: true, tokens: { prompt: 100 }, cost_usd: 0.5, turns: [{ role: "assistant" as const, content: "x" }],
  }));
}

describe("getRolloutTotals", () => {
  it("sums per run, purpose and harness version with reported counts", () => {
    const train = getRolloutTotals(store, ids.a).filter((r) => r.runId === ids.aTrain && r.purpose === "train");
    expect(train).toEqual([expect.objectContaining({
      harnessVersionId: null, rollouts: 6, promptReported: 4, promptSum: 4_000, costReported: 4, turns: 18, durationReported: 6, durationSum: 9_000,
    })]);
  });

  it("adds rollouts that arrive later exactly once, and only to their experiment", () => {
    const before = getRolloutTotals(store, ids.a);
    getRolloutTotals(store, ids.b);
    expect(applyEvents(store, [...more(3, ids.a, ids.aTrain, 0), ...more(2, ids.b, ids.bTrain, 100)])).toMatchObject({ ok: true });
    const after = getRolloutTotals(store, ids.a);
    expect(getRolloutTotals(store, ids.a)).toEqual(after);
    const train = (rows: RolloutTotals[]) => rows.find((r) => r.runId === ids.aTrain && r.purpose === "train")!;
    expect(train(after).rollouts).toBe(train(before).rollouts + 3);
    expect(train(after).promptSum).toBe(train(before).promptSum + 300);
    expect(train(after).costSum).toBeCloseTo(train(before).costSum + 1.5, 10);
    expect(getRolloutTotals(store, ids.b).find((r) => r.purpose === "train")!.rollouts).toBe(12);
    // The kept sums equal a fresh computation on another connection to the same data.
    const fresh = openStore(":memory:");
    try {
      expect(applyEvents(fresh, [...costEvents("t"), ...more(3, ids.a, ids.aTrain, 0), ...more(2, ids.b, ids.bTrain, 100)])).toMatchObject({ ok: true });
      expect(sorted(getRolloutTotals(fresh, ids.a))).toEqual(sorted(after));
    } finally {
      fresh.sqlite.close();
    }
  });

  it("re-sending the same rollouts changes nothing, and callers cannot alter the kept sums", () => {
    const first = getRolloutTotals(store, ids.a);
    first[0].rollouts = 1_000_000;
    expect(applyEvents(store, costEvents("t"))).toMatchObject({ ok: true });
    expect(getRolloutTotals(store, ids.a)[0].rollouts).not.toBe(1_000_000);
    expect(getRolloutTotals(store, "nope")).toEqual([]);
  });
});
