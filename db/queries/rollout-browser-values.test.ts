// Issue 40 item 7: a trainer's per-rollout numbers (TRL's integration writes metadata {rewards: {func: value},
// advantage, extra columns}) are a column and a filter of the trajectory browser: `value=<key>` shows the key's
// number beside the reward and keeps only rollouts that have one, `value_min`/`value_max` bound it; bad keys and
// bounds without a key are refused naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { listBrowserPage } from "./rollout-browser";
import { DEFAULT_SORT, parseBrowserParams, type BrowserFilter } from "@/lib/trajectories/browser-query";

let store: Store;
/** As TRL's integration sends them: four completions of one prompt, their rewards per function and advantages. */
const ADVANTAGES = [0.87, -0.29, -0.29, null] as const;
beforeAll(() => {
  store = openStore(":memory:");
  const outcome = applyEvents(store, [
    { type: "experiment", id: "v-exp", name: "values", method: "grpo" },
    { type: "run", id: "v-run", experiment: "v-exp", kind: "train", status: "running" },
    { type: "task", id: "v-task", key: "gsm8k-17", benchmark: "gsm8k" },
    ...ADVANTAGES.map((advantage, k) => ({
      type: "rollout", id: `v-r${k}`, experiment: "v-exp", run: "v-run", task: "v-task", purpose: "train", step: 1, group: "v-g", sample_index: k,
      success: k === 0, reward: k === 0 ? 1.5 : 0.5, turns: [{ role: "assistant", content: `answer ${k}` }],
      metadata: advantage === null ? { note: "no advantage sent" } : { rewards: { accuracy_reward: k === 0 ? 1 : 0, format_reward: 0.5 }, advantage, solution: "42" },
    })),
  ]);
  expect(outcome.ok).toBe(true);
});
afterAll(() => store.sqlite.close());

const page = (filter: BrowserFilter) => {
  const result = listBrowserPage(store, { filter: { experiment: "v-exp", ...filter }, sort: DEFAULT_SORT }, { limit: 50, cursor: null });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value.rows.map((r) => [r.id, r.value]).sort();
};

describe("a trainer's value as a browser column and filter", () => {
  it("shows the value beside each rollout that has it and leaves out those that have none", () => {
    expect(page({ value: "advantage" })).toEqual([["v-r0", 0.87], ["v-r1", -0.29], ["v-r2", -0.29]]);
    expect(page({ value: "rewards.accuracy_reward" })).toEqual([["v-r0", 1], ["v-r1", 0], ["v-r2", 0]]);
    expect(page({ value: "solution" })).toEqual([]);
    expect(page({}).map(([id, value]) => [id, value])).toEqual([["v-r0", undefined], ["v-r1", undefined], ["v-r2", undefined], ["v-r3", undefined]]);
  });

  it("bounds it", () => {
    expect(page({ value: "advantage", valueMin: 0 })).toEqual([["v-r0", 0.87]]);
    expect(page({ value: "advantage", valueMax: 0 })).toEqual([["v-r1", -0.29], ["v-r2", -0.29]]);
  });

  it("refuses a key that is not one, and bounds without a key, naming the parameter", () => {
    expect(parseBrowserParams({ value: "rewards.accuracy_reward", value_min: "0.5" })).toMatchObject({ ok: true, state: { filter: { value: "rewards.accuracy_reward", valueMin: 0.5 } } });
    expect(parseBrowserParams({ value: "x') OR 1=1 --" })).toMatchObject({ ok: false, problem: { field: "value", message: expect.stringContaining("must be a value's key") } });
    expect(parseBrowserParams({ value_min: "0" })).toEqual({ ok: false, problem: { field: "value_min", message: "needs value, the key of the trainer's value it bounds" } });
    expect(parseBrowserParams({ value: "advantage", value_min: "1", value_max: "0" })).toEqual({ ok: false, problem: { field: "value_max", message: "must be at least value_min" } });
  });
});
