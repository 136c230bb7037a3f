import { describe, expect, it } from "vitest";
import { comparisonStatistics, type ComparisonMeta, type ComparisonRolloutInput, type RolloutComparisonStatistics } from "./comparison-statistics";
import { REVIEW_HOOK_K, REVIEW_HOOK_TASKS, reviewHookSuccesses } from "../../test/fixtures/comparison/review-hook";

const SEED = 99;
const meta = (over: Partial<ComparisonMeta> = {}): ComparisonMeta => ({
  id: "cmp", runId: null, rolloutsPerTask: null, reported: null, createdAt: 1, ...over,
});

/** Per task, one code string per side: "S" success, "F" failure, "t" after a code marks it truncated. */
function rollouts(tasks: Record<string, { base?: string; candidate?: string }>): ComparisonRolloutInput[] {
  return Object.entries(tasks).flatMap(([taskId, sides]) => (["base", "candidate"] as const).flatMap((side) =>
    (sides[side]?.match(/[SF]t?/g) ?? []).map((code, k) => ({
      id: `${side}/${taskId}/${k}`, taskId, taskKey: `key-${taskId}`, side,
      success: code[0] === "S", reward: code[0] === "S" ? 1 : 0, truncated: code.endsWith("t"),
    }))));
}

const asRollouts = (s: ReturnType<typeof comparisonStatistics>) => {
  expect(s.kind).toBe("rollouts");
  return s as RolloutComparisonStatistics;
};

describe("comparisonStatistics from rollouts: a small case by hand", () => {
  // base      A SSFF  B FFFF  C SSSS  D SFFF → 7/16 succeed; A, D mixed → 8/16 trainable
  // candidate A SSSF  B SFFF  C SSSS  D FFFF → 8/16 succeed; A, B mixed → 8/16 trainable
  const s = asRollouts(comparisonStatistics(meta({ rolloutsPerTask: 4 }), rollouts({
    A: { base: "SSFF", candidate: "SSSF" }, B: { base: "FFFF", candidate: "SFFF" },
    C: { base: "SSSS", candidate: "SSSS" }, D: { base: "SFFF", candidate: "FFFF" },
  }), { seed: SEED }));

  it("computes each side's rollouts, pass rate and trainable rate", () => {
    expect(s.sides.base).toMatchObject({ rollouts: 16, successes: 7, passRate: 7 / 16, trainableRollouts: 8, trainableRate: 0.5, tasks: 4 });
    expect(s.sides.candidate).toMatchObject({ rollouts: 16, successes: 8, passRate: 0.5, trainableRollouts: 8, trainableRate: 0.5 });
    expect(s.sides.base.oneRolloutPp).toBe(100 / 16);
  });

  it("reports the change relative (as the paper does) and in pp, and the rule's verdict in words", () => {
    expect(s.change.passRate.relative).toBeCloseTo(1 / 7, 12);
    expect(s.change.passRate.pp).toBeCloseTo(6.25, 12);
    expect(s.change.trainableRate).toEqual({ relative: 0, pp: 0 });
    expect(s.rule?.verdict).toBe("accept");
    expect(s.rule?.reason).toBe("pass rate +14.3 % and trainable rate unchanged: accept");
  });

  it("pairs the tasks: d(pass) = [¼, ¼, 0, −¼] and d(trainable) = [0, 1, 0, −1]", () => {
    expect(s.paired.tasks).toBe(4);
    expect(s.paired.passRate.mean).toBeCloseTo(1 / 16, 12);
    expect(s.paired.trainableRate.mean).toBe(0);
    // sd of [¼, ¼, 0, −¼]: mean 1/16, squared deviations (3/16)²·2 + (1/16)² + (5/16)² = 44/256, over 3.
    expect(s.paired.passRate.se).toBeCloseTo(Math.sqrt(44 / 256 / 3) / 2, 12);
    expect(s.tasks.map((t) => [t.taskKey, t.passRateDiff, t.trainableRateDiff])).toEqual([
      ["key-A", 0.25, 0], ["key-B", 0.25, 1], ["key-C", 0, 0], ["key-D", -0.25, -1],
    ]);
    expect(s.tasks[0].base).toMatchObject({ k: 4, successes: 2, usable: 4 });
    expect(s.tasks[0].candidate?.rollouts.map((r) => r.id)).toEqual(["candidate/A/0", "candidate/A/1", "candidate/A/2", "candidate/A/3"]);
  });

  it("warns that the intervals include no change and that 4 tasks are too few", () => {
    expect(s.warnings.map((w) => [w.code, w.metric])).toEqual([
      ["interval-includes-zero", "passRate"], ["interval-includes-zero", "trainableRate"], ["too-few-tasks", null],
    ]);
    expect(s.warnings[0].message).toMatch(/^Pass rate: the interval includes no change \(.+ pp\): the rule may be deciding on noise\.$/);
  });

  it("is a plain JSON value (the decision stores it)", () => {
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe("comparisonStatistics: the paper's review-hook proposal (46 tasks × 4)", () => {
  const tasks: Record<string, { base: string; candidate: string }> = {};
  for (let t = 0; t < REVIEW_HOOK_TASKS; t++) {
    const codes = (side: "base" | "candidate") => "S".repeat(reviewHookSuccesses(side, t)).padEnd(REVIEW_HOOK_K, "F");
    tasks[`t${String(t).padStart(2, "0")}`] = { base: codes("base"), candidate: codes("candidate") };
  }
  const s = asRollouts(comparisonStatistics(meta({ rolloutsPerTask: 4 }), rollouts(tasks), { seed: SEED }));

  it("recomputes 74 → 76 successes and 172 → 160 trainable rollouts of 184, and rejects", () => {
    expect(s.sides.base).toMatchObject({ rollouts: 184, successes: 74, trainableRollouts: 172 });
    expect(s.sides.candidate).toMatchObject({ rollouts: 184, successes: 76, trainableRollouts: 160 });
    expect(s.rule?.reason).toBe("pass rate +2.7 % but trainable rate \u22127.0 %: reject");
  });

  it("one rollout moves a 184-rollout rate by 0.54 pp", () => {
    expect(s.sides.base.oneRolloutPp).toBeCloseTo(0.5435, 4);
  });

  it("with equal K and every task paired, the paired Δ equals the change in pp", () => {
    expect(s.paired.passRate.mean! * 100).toBeCloseTo(s.change.passRate.pp!, 10);
    expect(s.paired.trainableRate.mean! * 100).toBeCloseTo(s.change.trainableRate.pp!, 10);
    expect(s.paired.passRate.mean).toBeCloseTo(0.5 / 46, 12);
  });

  it("the pass-rate interval spans zero (the warning), and there is no too-few-tasks warning", () => {
    const [lo, hi] = s.paired.passRate.ci95!;
    expect(lo).toBeLessThan(0);
    expect(hi).toBeGreaterThan(0);
    expect(s.paired.passRate.pGreaterThanZero!).toBeGreaterThan(0.5);
    expect(s.paired.passRate.pGreaterThanZero!).toBeLessThan(0.95);
    expect(s.warnings.map((w) => w.code)).not.toContain("too-few-tasks");
    expect(s.warnings.find((w) => w.metric === "passRate")?.code).toBe("interval-includes-zero");
  });

  it("gives the same numbers for the same seed", () => {
    expect(comparisonStatistics(meta({ rolloutsPerTask: 4 }), rollouts(tasks), { seed: SEED })).toEqual(s);
  });
});

describe("comparisonStatistics: edge cases", () => {
  it("all tasks equal: Δ = 0, interval [0, 0], P = 0.5, the rule rejects (nothing increased)", () => {
    const same = Object.fromEntries(Array.from({ length: 12 }, (_, t) => [`t${t}`, { base: "SSFF", candidate: "SSFF" }]));
    const s = asRollouts(comparisonStatistics(meta(), rollouts(same), { seed: SEED }));
    for (const metric of ["passRate", "trainableRate"] as const) {
      expect(s.paired[metric]).toMatchObject({ n: 12, mean: 0, se: 0, ci95: [0, 0], pGreaterThanZero: 0.5, note: "no-variation" });
    }
    expect(s.rule?.reason).toBe("pass rate unchanged and trainable rate unchanged: reject (neither rate increased)");
    expect(s.warnings.filter((w) => w.code === "interval-includes-zero")).toHaveLength(2);
  });

  it("a single task: the interval is degenerate and the warning says so instead of 'includes no change'", () => {
    const s = asRollouts(comparisonStatistics(meta(), rollouts({ only: { base: "SFFF", candidate: "SSFF" } }), { seed: SEED }));
    expect(s.paired.passRate).toMatchObject({ n: 1, mean: 0.25, se: null, ci95: [0.25, 0.25], pGreaterThanZero: 1, note: "single-task" });
    expect(s.warnings.map((w) => w.code)).toEqual(["single-task"]);
    expect(s.warnings[0].message).toMatch(/single point/);
  });

  it("K = 1: no group of one is mixed, so both trainable rates are 0 and only the pass rate can decide", () => {
    const s = asRollouts(comparisonStatistics(meta({ rolloutsPerTask: 1 }), rollouts({
      a: { base: "F", candidate: "S" }, b: { base: "F", candidate: "F" }, c: { base: "S", candidate: "S" },
    }), { seed: SEED }));
    expect(s.sides.base).toMatchObject({ passRate: 1 / 3, trainableRate: 0 });
    expect(s.sides.candidate).toMatchObject({ passRate: 2 / 3, trainableRate: 0 });
    expect(s.paired.trainableRate).toMatchObject({ mean: 0, ci95: [0, 0], pGreaterThanZero: 0.5 });
    expect(s.paired.passRate.mean).toBeCloseTo(1 / 3, 12);
    expect(s.rule?.reason).toBe("pass rate +100.0 % and trainable rate unchanged: accept");
    expect(s.warnings.map((w) => w.code)).not.toContain("uneven-k");
  });

  it("unequal task sets: only shared tasks are paired, the others are named and counted in their side's rates", () => {
    const s = asRollouts(comparisonStatistics(meta(), rollouts({
      a: { base: "SF" }, b: { base: "SS", candidate: "SF" }, c: { base: "FF", candidate: "SS" }, d: { candidate: "FF" },
    }), { seed: SEED }));
    expect(s.paired).toMatchObject({ tasks: 2, baseOnlyTasks: ["a"], candidateOnlyTasks: ["d"] });
    expect(s.paired.passRate.mean).toBeCloseTo((-0.5 + 1) / 2, 12);
    expect(s.sides.base).toMatchObject({ rollouts: 6, tasks: 3 });
    expect(s.tasks.map((t) => [t.taskId, t.paired])).toEqual([["a", false], ["b", true], ["c", true], ["d", false]]);
    expect(s.tasks[0]).toMatchObject({ candidate: null, passRateDiff: null });
    expect(s.warnings.find((w) => w.code === "unpaired-tasks")?.message)
      .toBe("2 tasks ran on one side only (1 base, 1 candidate): they count in that side's rates but are left out of the paired estimate.");
  });

  it("an empty side: its rates are unknown, no rule verdict, no paired estimate", () => {
    const s = asRollouts(comparisonStatistics(meta(), rollouts({ a: { base: "SF" } }), { seed: SEED }));
    expect(s.sides.candidate).toMatchObject({ rollouts: 0, passRate: null, trainableRate: null, oneRolloutPp: null });
    expect(s.rule).toBeNull();
    expect(s.change.passRate).toEqual({ relative: null, pp: null });
    expect(s.paired.passRate).toMatchObject({ n: 0, ci95: null, note: "no-tasks" });
    expect(s.warnings.map((w) => w.code)).toEqual(["empty-side", "no-paired-tasks", "unpaired-tasks"]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it("warns when a task has fewer rollouts than the declared K", () => {
    const s = asRollouts(comparisonStatistics(meta({ rolloutsPerTask: 4 }), rollouts({
      a: { base: "SFFF", candidate: "SSF" }, b: { base: "SFFF", candidate: "SSFF" },
    }), { seed: SEED }));
    expect(s.warnings.find((w) => w.code === "uneven-k")?.message).toMatch(/declared K = 4/);
    expect(s.tasks[0].candidate?.passRate).toBeCloseTo(2 / 3, 12);
  });
});

describe("comparisonStatistics without rollouts", () => {
  it("uses the reported summary numbers and recomputes the rule from them", () => {
    const reported = {
      base_pass_rate: 0.4, candidate_pass_rate: 0.4252, base_trainable_rate: 0.5, candidate_trainable_rate: 0.537,
      base_rollouts: 184, candidate_rollouts: 184,
    };
    const s = comparisonStatistics(meta({ reported }), [], { seed: SEED });
    expect(s.kind).toBe("reported");
    if (s.kind !== "reported") return;
    expect(s.sides.base).toEqual({ rollouts: 184, passRate: 0.4, trainableRate: 0.5, oneRolloutPp: 100 / 184 });
    expect(s.rule?.reason).toBe("pass rate +6.3 % and trainable rate +7.4 %: accept");
    expect(s.change.passRate.pp).toBeCloseTo(2.52, 10);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it("gives no rule verdict when a reported rate is missing or not a rate", () => {
    const partial = comparisonStatistics(meta({ reported: { base_pass_rate: 0.4, candidate_pass_rate: 0.5 } }), [], { seed: SEED });
    expect(partial).toMatchObject({ kind: "reported", rule: null });
    const bad = comparisonStatistics(meta({ reported: { base_pass_rate: 40, candidate_pass_rate: 50, base_trainable_rate: 1, candidate_trainable_rate: 1 } }), [], { seed: SEED });
    expect(bad).toMatchObject({ kind: "reported", rule: null });
  });

  it("says 'empty' when there is neither", () => {
    expect(comparisonStatistics(meta(), [], { seed: SEED })).toEqual({ ...meta(), kind: "empty" });
    expect(comparisonStatistics(meta({ reported: {} }), [], { seed: SEED }).kind).toBe("empty");
  });
});
