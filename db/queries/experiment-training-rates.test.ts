// The overview's training rates come from the per-step counts kept on write (experiment-training-rates.ts):
// they must equal the recomputation from every train rollout, after inserts, outcome updates (the verdict
// join) and deletes, with ungrouped, stepless, truncated and reward-less rollouts, and other experiments beside.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { experiments, runs, tasks, rollouts } from "../schema";
import { experimentTrainingRates, recomputeExperimentTrainingRates } from "./experiment-training-rates";
import { mulberry32 } from "../../lib/stats/prng";

const T0 = Date.UTC(2026, 0, 1);
let store: Store;

beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function fillRandomly(seed: number, count: number, steplessShare = 0.15): void {
  const random = mulberry32(seed);
  const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  for (const e of ["e", "other"]) store.db.insert(experiments).values({ id: e, name: e, method: "grpo", createdAt: T0, updatedAt: T0 }).run();
  for (const t of ["t1", "t2", "t3", "t4"]) store.db.insert(tasks).values({ id: t, key: `k_${t}`, benchmark: "b", contentHash: "h", createdAt: T0 }).run();
  for (const [id, e] of [["a", "e"], ["b", "e"], ["x", "other"]]) store.db.insert(runs).values({ id, experimentId: e, kind: "train", status: "running", createdAt: T0, updatedAt: T0 }).run();
  for (let i = 0; i < count; i++) {
    const run = pick(["a", "a", "b", "x"]);
    const reward = random() < 0.1 ? null : Math.round(random() * 100) / 37;
    store.db.insert(rollouts).values({
      id: `r${i}`, experimentId: run === "x" ? "other" : "e", runId: run, taskId: pick(["t1", "t2", "t3", "t4"]),
      purpose: random() < 0.8 ? "train" : pick(["eval", "comparison"] as const),
      step: random() < steplessShare ? null : Math.floor(random() * 6),
      groupId: random() < 0.2 ? null : pick(["g1", "g2", "g3"]),
      success: random() < 0.5, reward, truncated: random() < 0.15, numTurns: 2, sourceFormat: "harness-lab", contentHash: "h",
      createdAt: T0 + i,
    }).run();
  }
}

describe("experimentTrainingRates", () => {
  it.each([
    ["every train rollout has a step (read from the kept counts)", 0],
    ["some train rollouts have no step (recomputed)", 0.15],
  ])("equals the recomputation from the raw rows after inserts, outcome updates and deletes: %s", (_name, steplessShare) => {
    fillRandomly(7, 600, steplessShare);
    const expectEqual = () => {
      for (const e of ["e", "other", "missing"]) {
        const kept = experimentTrainingRates(store, e);
        const raw = recomputeExperimentTrainingRates(store, e);
        expect({ ...kept, meanReward: null }).toEqual({ ...raw, meanReward: null });
        if (raw.meanReward === null) expect(kept.meanReward).toBeNull();
        else expect(kept.meanReward).toBeCloseTo(raw.meanReward, 9);
      }
    };
    expectEqual();
    expect(recomputeExperimentTrainingRates(store, "e").rollouts).toBeGreaterThan(300);
    expect(recomputeExperimentTrainingRates(store, "e").mixedGroups).toBeGreaterThan(0);
    // The verdict join changes outcomes of stored rollouts; a cleanup deletes some.
    store.sqlite.prepare("UPDATE rollouts SET success = 1 - success, reward = coalesce(reward, 0) + 1 WHERE rowid % 7 = 0").run();
    store.sqlite.prepare("UPDATE rollouts SET truncated = 1 - truncated WHERE rowid % 11 = 0").run();
    expectEqual();
    store.sqlite.prepare("DELETE FROM rollouts WHERE rowid % 5 = 0").run();
    expectEqual();
  });

  it("reads the kept counts, not the rollouts, when every train rollout has a step", () => {
    fillRandomly(3, 300, 0);
    const plans = store.sqlite
      .prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM rollouts INDEXED BY rollouts_experiment_purpose WHERE experiment_id = ? AND purpose = 'train'")
      .all("e") as { detail: string }[];
    expect(plans.map((p) => p.detail).join(" ")).toMatch(/USING COVERING INDEX rollouts_experiment_purpose/);
    // The rows are not what the answer comes from: rewriting a kept count shows in it.
    const before = experimentTrainingRates(store, "e");
    store.sqlite.prepare("UPDATE train_step_rates SET successes = successes + 1 WHERE run_id = 'a' AND step = (SELECT min(step) FROM train_step_rates WHERE run_id = 'a')").run();
    expect(experimentTrainingRates(store, "e").successes).toBe(before.successes + 1);
  });
});
