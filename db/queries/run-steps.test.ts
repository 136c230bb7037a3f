import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getRunOverview, getRunStep, getStepGroup, listRunSteps } from "./run-steps";

const EXP = "exp:runs/steps";
const RUN = "run:train/1 a";
const EVAL_RUN = "run:eval";

/** One rollout as the test writes it: "S" success, "F" failure, "U" unknown reward; "t" suffix = truncated. */
type Code = "S" | "F" | "U" | "St" | "Ft" | "Ut";
interface Seeded {
  id: string;
  step: number | null;
  group: string | null;
  task: string;
  code: Code;
  purpose?: "train" | "eval";
  run?: string;
}

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function seed(rollouts: Seeded[]) {
  const tasks = [...new Set(rollouts.map((r) => r.task))];
  const events: unknown[] = [
    { type: "experiment", id: EXP, name: "Run steps", method: "grpo" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished", name: "epoch 1" },
    { type: "run", id: EVAL_RUN, experiment: EXP, kind: "eval", status: "finished" },
    { type: "harness_version", id: "h0", experiment: EXP, label: "H0", files: [] },
    { type: "checkpoint", id: "ck", experiment: EXP, role: "policy", name: "step-0" },
    ...tasks.map((t) => ({ type: "task", id: t, key: `key-${t}`, benchmark: "swe-bench" })),
    ...rollouts.map((r, i) => ({
      type: "rollout", id: r.id, experiment: EXP, run: r.run ?? RUN, task: r.task, harness_version: "h0", checkpoint: "ck",
      purpose: r.purpose ?? "train", epoch: r.step === null ? undefined : 1 + Math.floor(r.step / 2),
      ...(r.step === null ? {} : { step: r.step }), ...(r.group === null ? {} : { group: r.group }), sample_index: i,
      success: r.code.startsWith("S"), reward: r.code.startsWith("U") ? null : r.code.startsWith("S") ? 1 : 0,
      truncated: r.code.endsWith("t"), exit_status: r.code.endsWith("t") ? "max_turns" : "submitted", turns: [],
    })),
  ];
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

/** Groups as code strings, e.g. { g1: "SSF Ft" } → rollouts of one step. */
function step(stepNo: number, groups: Record<string, string>, task = (g: string) => `task:${g}`): Seeded[] {
  return Object.entries(groups).flatMap(([group, codes]) =>
    codes.split(" ").flatMap((chunk) =>
      chunk.endsWith("t") ? [chunk] : chunk.split(""),
    ).map((code, k) => ({ id: `r/${stepNo}/${group}/${k}`, step: stepNo, group, task: task(group), code: code as Code })),
  );
}

/** The expected rates, counted straight from the codes (no shared code with the module under test). */
function expectedRates(rows: Seeded[]) {
  const train = rows.filter((r) => (r.purpose ?? "train") === "train");
  const groups = new Map<string, Seeded[]>();
  train.forEach((r, i) => {
    const key = r.group === null ? `solo-${i}` : `${r.step}|${r.group}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  });
  let trainable = 0;
  let mixed = 0;
  for (const members of groups.values()) {
    const kept = members.filter((m) => m.code === "S" || m.code === "F");
    if (kept.some((m) => m.code === "S") && kept.some((m) => m.code === "F")) {
      mixed += 1;
      trainable += kept.length;
    }
  }
  const n = train.length;
  return {
    rollouts: n,
    passRate: train.filter((r) => r.code.startsWith("S")).length / n,
    trainableRate: trainable / n,
    mixedGroupRatio: mixed / groups.size,
    truncationRate: train.filter((r) => r.code.endsWith("t")).length / n,
    groups: groups.size,
  };
}

describe("getRunOverview", () => {
  it("returns null for an unknown run", () => {
    seed([]);
    expect(getRunOverview(store, "nope")).toBeNull();
  });

  it("counts rollouts by purpose and the train rollouts that name no step", () => {
    const rows: Seeded[] = [
      ...step(0, { a: "SF" }),
      { id: "loose", step: null, group: null, task: "task:a", code: "S" },
      { id: "ev1", step: null, group: null, task: "task:a", code: "F", purpose: "eval" },
    ];
    seed(rows);
    const run = getRunOverview(store, RUN)!;
    expect(run).toMatchObject({ id: RUN, name: "epoch 1", kind: "train", status: "finished", experimentId: EXP, experimentName: "Run steps" });
    expect(run.rollouts).toBe(4);
    expect(run.rolloutsByPurpose).toMatchObject({ train: 3, eval: 1, comparison: 0 });
    expect(run.trainWithoutStep).toBe(1);
    const expected = expectedRates(rows);
    expect(run.trainingRates.rollouts).toBe(expected.rollouts);
    expect(run.trainingRates.trainableRate).toBeCloseTo(expected.trainableRate, 12);
    expect(run.trainingRates.groups).toBe(expected.groups);
  });
});

describe("listRunSteps", () => {
  it("computes each step's rates from its own train rollouts, a group id reused across steps staying two groups", () => {
    const step0 = step(0, { g1: "SSF Ft", g2: "SSSS", g3: "FFFF", g4: "St F F Ft", g5: "UUUU" });
    const step1 = step(1, { g1: "SF Ut", g2: "FF" });
    const evalRows: Seeded[] = [{ id: "e/0", step: 0, group: "g1", task: "task:g1", code: "S", purpose: "eval", run: RUN }];
    seed([...step0, ...step1, ...evalRows]);

    const steps = listRunSteps(store, RUN);
    expect(steps.map((s) => s.step)).toEqual([0, 1]);
    expect(steps[0].epochs).toEqual([1]);
    for (const [summary, rows] of [[steps[0], step0], [steps[1], step1]] as const) {
      const expected = expectedRates(rows);
      expect(summary.rates.rollouts).toBe(expected.rollouts);
      expect(summary.rates.groups).toBe(expected.groups);
      expect(summary.rates.passRate).toBeCloseTo(expected.passRate, 12);
      expect(summary.rates.trainableRate).toBeCloseTo(expected.trainableRate, 12);
      expect(summary.rates.mixedGroupRatio).toBeCloseTo(expected.mixedGroupRatio, 12);
      expect(summary.rates.truncationRate).toBeCloseTo(expected.truncationRate, 12);
    }
    // The run's own rates keep g1@0 and g1@1 apart: 7 groups, not 5.
    expect(getRunOverview(store, RUN)!.trainingRates.groups).toBe(7);
  });

  it("is empty for a run without train rollouts", () => {
    seed([{ id: "e", step: 0, group: "g", task: "t", code: "S", purpose: "eval", run: EVAL_RUN }]);
    expect(listRunSteps(store, EVAL_RUN)).toEqual([]);
  });
});

describe("getRunStep", () => {
  const groups = { mixed: "SSF Ft", succeeded: "SSSS", failed: "FFFF", "trunc:dropped/1": "St F F Ft", unknown: "UUUU" };

  it("lists the step's groups with verdicts that add up to the step's rates", () => {
    const rows = [...step(0, groups), ...step(2, { mixed: "SF" })];
    seed(rows);
    const detail = getRunStep(store, RUN, 0)!;
    expect(detail).toMatchObject({ runId: RUN, runName: "epoch 1", experimentId: EXP, step: 0, previousStep: null, nextStep: 2 });
    const byId = Object.fromEntries(detail.groups.map((g) => [g.groupId, g]));
    expect(Object.keys(byId).sort()).toEqual(Object.keys(groups).sort());

    expect(byId.mixed).toMatchObject({ size: 4, successes: 2, truncated: 1, unknownReward: 0, tasks: [{ id: "task:mixed", key: "key-task:mixed", benchmark: "swe-bench" }] });
    expect(byId.mixed.usability).toMatchObject({ usable: true, reason: "mixed", trainableRollouts: 3 });
    expect(byId.succeeded.usability.reason).toBe("all-succeeded");
    expect(byId.failed.usability.reason).toBe("all-failed");
    expect(byId["trunc:dropped/1"].usability).toMatchObject({ reason: "all-failed", droppedTruncated: 2, mixedBeforeDropping: true });
    expect(byId.unknown).toMatchObject({ unknownReward: 4 });
    expect(byId.unknown.usability.reason).toBe("unknown-reward");

    const expected = expectedRates(step(0, groups));
    expect(detail.rates.trainableRate).toBeCloseTo(expected.trainableRate, 12);
    expect(detail.rates.passRate).toBeCloseTo(expected.passRate, 12);
    expect(detail.rates.mixedGroupRatio).toBeCloseTo(expected.mixedGroupRatio, 12);
    expect(detail.rates.truncationRate).toBeCloseTo(expected.truncationRate, 12);
    // The groups table and the rates are one computation seen two ways.
    expect(detail.groups.reduce((n, g) => n + g.usability.trainableRollouts, 0)).toBe(detail.rates.trainableRollouts);
    expect(detail.groups.filter((g) => g.usability.usable).length).toBe(detail.rates.mixedGroups);
    expect(getRunStep(store, RUN, 2)).toMatchObject({ previousStep: 0, nextStep: null });
  });

  it("shows an ungrouped rollout as a group of its own, linked by its rollout id", () => {
    seed([...step(3, { g: "SF" }), { id: "solo", step: 3, group: null, task: "task:g", code: "S" }]);
    const detail = getRunStep(store, RUN, 3)!;
    expect(detail.groups).toHaveLength(2);
    const solo = detail.groups.find((g) => g.groupId === null)!;
    expect(solo).toMatchObject({ soleRolloutId: "solo", size: 1 });
    expect(solo.usability.usable).toBe(false);
    expect(detail.rates.groups).toBe(2);
  });

  it("returns null for a step without train rollouts and for an unknown run", () => {
    seed(step(0, { g: "SF" }));
    expect(getRunStep(store, RUN, 1)).toBeNull();
    expect(getRunStep(store, "nope", 0)).toBeNull();
  });
});

describe("getStepGroup", () => {
  it("returns the K rollouts in sample order with labels and the verdict", () => {
    seed(step(0, { "trunc:dropped/1": "St F F Ft" }));
    const group = getStepGroup(store, RUN, 0, "trunc:dropped/1")!;
    expect(group.rollouts.map((r) => r.id)).toEqual([0, 1, 2, 3].map((k) => `r/0/trunc:dropped/1/${k}`));
    expect(group.rollouts[0]).toMatchObject({
      success: true, reward: 1, truncated: true, exitStatus: "max_turns", harnessLabel: "H0", checkpointName: "step-0",
      taskId: "task:trunc:dropped/1", numTurns: 0,
    });
    expect(group.usability).toMatchObject({ usable: false, reason: "all-failed", drops: ["truncated", null, null, "truncated"] });
    expect(group.epochs).toEqual([1]);
  });

  it("returns null for a group that is not at that step", () => {
    seed(step(0, { g: "SF" }));
    expect(getStepGroup(store, RUN, 1, "g")).toBeNull();
    expect(getStepGroup(store, RUN, 0, "other")).toBeNull();
  });
});
