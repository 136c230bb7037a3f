import { describe, expect, it } from "vitest";
import { perTaskRates, sideRates, type SideRollout } from "./task-rates";
import { computeTrainingRates } from "../metrics/training-rates";

/** "S" success, "F" failure, "U" failure with unknown reward; a trailing "t" marks it truncated. */
function side(tasks: Record<string, string[]>): SideRollout[] {
  return Object.entries(tasks).flatMap(([taskId, codes]) => codes.map((code, k) => ({
    id: `${taskId}#${k}`, taskId, success: code.startsWith("S"), reward: code.startsWith("U") ? null : code.startsWith("S") ? 1 : 0,
    truncated: code.endsWith("t"),
  })));
}

describe("perTaskRates", () => {
  const rollouts = side({
    mixed: ["S", "S", "F", "F"],
    solved: ["S", "S", "S", "S"],
    "dropped-failure": ["S", "F", "Ft"],
    "only-success-left": ["S", "Ft"],
    "unknown-reward": ["S", "U"],
    single: ["S"],
  });
  const byTask = new Map(perTaskRates(rollouts).map((t) => [t.taskId, t]));

  it("p̂ = successes / K and t = usable / K for a mixed group: every rollout usable", () => {
    expect(byTask.get("mixed")).toMatchObject({ k: 4, successes: 2, usable: 4, passRate: 0.5, trainableRate: 1 });
  });

  it("an all-solved task adds to the pass rate but not to the trainable rate", () => {
    expect(byTask.get("solved")).toMatchObject({ k: 4, successes: 4, usable: 0, passRate: 1, trainableRate: 0 });
  });

  it("a truncated rollout is dropped but stays in K", () => {
    const t = byTask.get("dropped-failure")!;
    expect(t).toMatchObject({ k: 3, successes: 1, usable: 2 });
    expect(t.trainableRate).toBeCloseTo(2 / 3, 12);
    expect(t.rollouts.map((r) => [r.usable, r.dropped])).toEqual([[true, null], [true, null], [false, "truncated"]]);
  });

  it("a group that is no longer mixed after dropping has no usable rollout", () => {
    expect(byTask.get("only-success-left")).toMatchObject({ k: 2, usable: 0, passRate: 0.5, trainableRate: 0 });
    const unknown = byTask.get("unknown-reward")!;
    expect(unknown).toMatchObject({ k: 2, usable: 0 });
    expect(unknown.rollouts[1].dropped).toBe("unknown-reward");
  });

  it("K = 1: a group of one is never mixed", () => {
    expect(byTask.get("single")).toMatchObject({ k: 1, successes: 1, usable: 0, passRate: 1, trainableRate: 0 });
  });

  it("adds up to computeTrainingRates over the side, each task one group", () => {
    const tasks = perTaskRates(rollouts);
    const whole = sideRates(rollouts);
    const direct = computeTrainingRates(rollouts.map((r) => ({ groupKey: r.taskId, success: r.success, reward: r.reward, truncated: r.truncated })));
    expect(whole).toEqual(direct);
    expect(tasks.reduce((n, t) => n + t.usable, 0)).toBe(direct.trainableRollouts);
    expect(tasks.reduce((n, t) => n + t.successes, 0)).toBe(direct.successes);
    expect(tasks.reduce((n, t) => n + t.k, 0)).toBe(rollouts.length);
  });

  it("sorts tasks by id whatever the input order, and keeps the rollouts' order within a task", () => {
    const shuffled = [...rollouts].reverse();
    expect(perTaskRates(shuffled).map((t) => t.taskId)).toEqual(perTaskRates(rollouts).map((t) => t.taskId));
    expect(perTaskRates(rollouts).map((t) => t.taskId)).toEqual(["dropped-failure", "mixed", "only-success-left", "single", "solved", "unknown-reward"]);
    expect(byTask.get("mixed")!.rollouts.map((r) => r.id)).toEqual(["mixed#0", "mixed#1", "mixed#2", "mixed#3"]);
  });

  it("an empty side has no tasks", () => {
    expect(perTaskRates([])).toEqual([]);
    expect(sideRates([])).toMatchObject({ rollouts: 0, passRate: null, trainableRate: null });
  });
});
