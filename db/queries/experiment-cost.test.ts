import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getExperimentCost, listExperimentChoices } from "./experiment-cost";
import { summariseByPurpose, summariseByRun } from "../../lib/cost/cost-summary";
import { costEvents, costIds, COST_EXPECTED } from "../../test/fixtures/cost/events";

let store: Store;
const ids = costIds("c");
beforeEach(() => {
  store = openStore(":memory:");
  const outcome = applyEvents(store, costEvents("c"));
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

describe("getExperimentCost", () => {
  it("sums rollouts, tokens, cost, turns and duration by purpose with how many rollouts reported each", () => {
    const data = getExperimentCost(store, ids.a)!;
    const s = summariseByPurpose(data.aggregates);
    const e = COST_EXPECTED.a;
    for (const [p, n] of Object.entries(e.byPurpose)) expect(s.byPurpose[p as keyof typeof e.byPurpose].rollouts, p).toBe(n);
    expect(s.trainingSide.rollouts).toBe(e.trainingSide);
    expect(s.all.rollouts).toBe(e.all);
    expect(s.all.promptTokens).toEqual(e.promptTokens);
    expect(s.all.completionTokens).toEqual(e.completionTokens);
    expect(s.all.costUsd.reported).toBe(e.costUsd.reported);
    expect(s.all.costUsd.sum).toBeCloseTo(e.costUsd.sum, 10);
    expect(s.all.turns).toBe(e.turns);
    expect(s.all.durationMs).toEqual(e.durationMs);
    // Preparation reported nothing: zero rollouts reported, not a zero cost.
    expect(s.byPurpose.preparation.costUsd).toEqual({ reported: 0, sum: 0 });
    expect(s.byPurpose.train.promptTokens).toEqual({ reported: 4, sum: 4_000 });
  });

  it("keeps each run apart, in start order", () => {
    const data = getExperimentCost(store, ids.a)!;
    const runs = summariseByRun(data.aggregates, data.runs);
    expect(runs.map((r) => [r.run.id, r.run.kind, r.byPurpose, r.total.rollouts])).toEqual([
      [ids.aTrain, "train", { train: 6, preparation: 2 }, 8],
      [ids.aCompare, "compare", { comparison: 4 }, 4],
      [ids.aEval, "eval", { eval: 3 }, 3],
    ]);
  });

  it("counts teacher and engineer calls from proposals, skills and patch evaluations", () => {
    expect(getExperimentCost(store, ids.a)!.calls).toEqual(COST_EXPECTED.a.calls);
    expect(getExperimentCost(store, ids.b)!.calls).toEqual(COST_EXPECTED.b.calls);
  });

  it("answers null for an unknown experiment, and lists every experiment for the picker", () => {
    expect(getExperimentCost(store, "nope")).toBeNull();
    expect(listExperimentChoices(store).map((e) => e.id)).toEqual([ids.a, ids.b]);
  });
});
