// The live pages' question (db/queries/live-state.ts): the version moves with every rollout, metric point and
// state change a page shows, stays put while nothing changes (ten tabs then share one answer), and "live" ends
// with the run.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getLiveState, type LiveScope } from "./live-state";

const EXP = "exp-live";
const RUN = "run-live";
let store: Store;
let n = 0;

function apply(events: unknown[]) {
  const outcome = applyEvents(store, events as never);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
}

const rollout = (step: number, run = RUN) => ({
  type: "rollout", id: `r-${n++}`, experiment: EXP, run, task: "t", purpose: "train", step, group: `g${step}`, sample_index: n, success: true, reward: 1,
  turns: [{ role: "assistant", content: "done" }],
});

beforeEach(() => {
  store = openStore(":memory:");
  apply([
    { type: "experiment", id: EXP, name: "Live", method: "grpo" },
    { type: "experiment", id: "exp-quiet", name: "Quiet", method: "grpo" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "running" },
    { type: "task", id: "t", key: "t", benchmark: "b" },
    rollout(0),
  ]);
});
afterEach(() => store.sqlite.close());

const SCOPES: LiveScope[] = [{ kind: "run", id: RUN }, { kind: "experiment", id: EXP }, { kind: "lab" }];

describe.each(SCOPES)("scope %o", (scope) => {
  it("is live while the run runs, and its version moves with a new rollout and a new metric point", () => {
    const first = getLiveState(store, scope)!;
    expect(first.live).toBe(true);
    expect(getLiveState(store, scope)!.version).toBe(first.version);
    apply([rollout(1)]);
    const second = getLiveState(store, scope)!;
    expect(second.version).not.toBe(first.version);
    expect(second.newestRollout).toBeGreaterThan(first.newestRollout);
    apply([{ type: "metrics", run: RUN, step: 1, values: { loss: 0.5 } }]);
    expect(getLiveState(store, scope)!.version).not.toBe(second.version);
  });

  it("counts the rollouts that arrived after a page listed them", () => {
    const listed = getLiveState(store, scope)!.newestRollout;
    apply([rollout(1), rollout(1), rollout(2)]);
    expect(getLiveState(store, scope, listed)!.newRollouts).toBe(3);
  });

  it("stops being live when the run ends, and that is a change too", () => {
    const before = getLiveState(store, scope)!;
    apply([{ type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished" }]);
    const after = getLiveState(store, scope)!;
    expect(after.live).toBe(false);
    expect(after.version).not.toBe(before.version);
  });
});

describe("scopes", () => {
  it("a run or experiment that does not exist has no state", () => {
    expect(getLiveState(store, { kind: "run", id: "nope" })).toBeNull();
    expect(getLiveState(store, { kind: "experiment", id: "nope" })).toBeNull();
  });

  it("another experiment's rollouts do not move an experiment's version", () => {
    apply([{ type: "run", id: "run-quiet", experiment: "exp-quiet", kind: "train", status: "running" }]);
    const quiet = getLiveState(store, { kind: "experiment", id: "exp-quiet" })!;
    apply([rollout(1)]);
    expect(getLiveState(store, { kind: "experiment", id: "exp-quiet" })!.version).toBe(quiet.version);
    expect(getLiveState(store, { kind: "experiment", id: "exp-quiet" }, 0)!.newRollouts).toBe(0);
  });
});
