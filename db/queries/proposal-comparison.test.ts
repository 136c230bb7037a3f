import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getProposalComparison, getProposalHeading } from "./proposal-comparison";
import { seedFromString } from "../../lib/stats/prng";

const EXP = "exp:cmp";
const PROP = "prop:review hook/1";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

/** codes per side and task: "S" success, "F" failure, "U" unknown reward, "t" after a code = truncated. */
function seed(sides: { base: Record<string, string>; candidate: Record<string, string> }, extra: unknown[] = []) {
  const tasks = [...new Set([...Object.keys(sides.base), ...Object.keys(sides.candidate)])];
  const rollouts: Array<{ id: string; side: "base" | "candidate"; task: string; code: string; k: number }> = [];
  for (const side of ["base", "candidate"] as const) {
    for (const [task, codes] of Object.entries(sides[side])) {
      (codes.match(/[SFU]t?/g) ?? []).forEach((code, k) => rollouts.push({ id: `r/${side}/${task}/${k}`, side, task, code, k }));
    }
  }
  const events: unknown[] = [
    { type: "experiment", id: EXP, name: "Comparison", method: "harnessadapt-rl" },
    { type: "run", id: "run", experiment: EXP, kind: "train", status: "finished" },
    { type: "harness_version", id: "h0", experiment: EXP, label: "H0", files: [] },
    { type: "harness_version", id: "h1c", experiment: EXP, label: "H1-candidate", parent: "h0", files: [] },
    ...tasks.map((t) => ({ type: "task", id: t, key: `key-${t}`, benchmark: "swe-bench" })),
    // Sent in reverse so the query, not the insertion order, puts rollout k before k + 1.
    ...[...rollouts].reverse().map((r) => ({
      type: "rollout", id: r.id, experiment: EXP, run: "run", task: r.task, harness_version: r.side === "base" ? "h0" : "h1c",
      purpose: "comparison", epoch: 1, group: `${r.side}-${r.task}`, sample_index: r.k,
      success: r.code.startsWith("S"), reward: r.code.startsWith("U") ? null : r.code.startsWith("S") ? 1 : 0,
      truncated: r.code.endsWith("t"), turns: [],
    })),
    { type: "proposal", id: PROP, experiment: EXP, kind: "tool_hook", title: "Review hook", base: "h0", candidate: "h1c" },
    { type: "comparison", id: "cmp-1", proposal: PROP, run: "run", rollouts_per_task: 4,
      base_rollouts: rollouts.filter((r) => r.side === "base").map((r) => r.id),
      candidate_rollouts: rollouts.filter((r) => r.side === "candidate").map((r) => r.id) },
    ...extra,
  ];
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

describe("getProposalComparison", () => {
  it("is null for a proposal that does not exist", () => {
    seed({ base: {}, candidate: {} });
    expect(getProposalComparison(store, "nope")).toBeNull();
    expect(getProposalHeading(store, "nope")).toBeNull();
    expect(getProposalHeading(store, PROP)).toEqual({ id: PROP, title: "Review hook", experimentId: EXP });
  });

  it("recomputes each side's rates from the stored comparison rollouts, grouped by task", () => {
    // base:      a SSFF (mixed, 4 usable)  b FFFF            c SFF+Ft (mixed after dropping the truncated one: 3 usable)
    // candidate: a SSSF (mixed, 4 usable)  b SFFF (4 usable) c SSSU (unknown reward dropped: all succeeded, 0 usable)
    seed({ base: { a: "SSFF", b: "FFFF", c: "SFFFt" }, candidate: { a: "SSSF", b: "SFFF", c: "SSSU" } });
    const result = getProposalComparison(store, PROP)!;
    expect(result).toMatchObject({
      proposalId: PROP, experimentId: EXP, title: "Review hook",
      base: { harnessVersionId: "h0", label: "H0" }, candidate: { harnessVersionId: "h1c", label: "H1-candidate" },
      method: { resamples: 10_000, seed: seedFromString(PROP), interval: "percentile-95", ties: "half", minTasksForInterval: 10 },
    });
    expect(result.comparisons).toHaveLength(1);
    const cmp = result.comparisons[0];
    if (cmp.kind !== "rollouts") throw new Error(`expected rollouts, got ${cmp.kind}`);
    expect(cmp).toMatchObject({ id: "cmp-1", runId: "run", rolloutsPerTask: 4, reported: null });
    // base: 3 successes of 12, usable 4 + 0 + 3 = 7; candidate: 7 of 12, usable 4 + 4 + 0 = 8.
    expect(cmp.sides.base).toMatchObject({ rollouts: 12, successes: 3, passRate: 0.25, trainableRollouts: 7, tasks: 3 });
    expect(cmp.sides.base.trainableRate).toBeCloseTo(7 / 12, 12);
    expect(cmp.sides.candidate).toMatchObject({ rollouts: 12, successes: 7, trainableRollouts: 8 });
    expect(cmp.rule?.verdict).toBe("accept");
    expect(cmp.rule?.reason).toBe("pass rate +133.3 % and trainable rate +14.3 %: accept");

    const c = cmp.tasks.find((t) => t.taskId === "c")!;
    expect(c.taskKey).toBe("key-c");
    expect(c.base).toMatchObject({ k: 4, successes: 1, usable: 3 });
    expect(c.base!.rollouts.map((r) => [r.id, r.usable, r.dropped])).toEqual([
      ["r/base/c/0", true, null], ["r/base/c/1", true, null], ["r/base/c/2", true, null], ["r/base/c/3", false, "truncated"],
    ]);
    expect(c.candidate).toMatchObject({ k: 4, successes: 3, usable: 0 });
    expect(c.candidate!.rollouts[3]).toMatchObject({ id: "r/candidate/c/3", usable: false, dropped: "unknown-reward" });
  });

  it("pairs tasks, warns about few tasks and an interval that spans zero, and is stable across calls", () => {
    seed({ base: { a: "SSFF", b: "FFFF", c: "SFFF" }, candidate: { a: "SSSF", b: "SFFF", c: "FFFF" } });
    const first = getProposalComparison(store, PROP)!;
    const cmp = first.comparisons[0];
    if (cmp.kind !== "rollouts") throw new Error("expected rollouts");
    // d(pass) = [+¼, +¼, −¼]
    expect(cmp.paired.tasks).toBe(3);
    expect(cmp.paired.passRate.mean).toBeCloseTo(1 / 12, 12);
    expect(cmp.paired.passRate.seed).toBe(seedFromString(PROP));
    expect(cmp.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(["interval-includes-zero", "too-few-tasks"]));
    expect(getProposalComparison(store, PROP)).toEqual(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });

  it("shows reported-only comparisons as such, and lists comparisons oldest first", () => {
    seed({ base: { a: "SF" }, candidate: { a: "SS" } }, [
      { type: "comparison", id: "cmp-2", proposal: PROP, reported: { base_pass_rate: 0.5, candidate_pass_rate: 0.75, base_rollouts: 184, candidate_rollouts: 184 } },
      { type: "comparison", id: "cmp-3", proposal: PROP },
    ]);
    const kinds = getProposalComparison(store, PROP)!.comparisons.map((c) => [c.id, c.kind]);
    expect(kinds).toEqual([["cmp-1", "rollouts"], ["cmp-2", "reported"], ["cmp-3", "empty"]]);
    const reported = getProposalComparison(store, PROP)!.comparisons[1];
    if (reported.kind !== "reported") throw new Error("expected reported");
    expect(reported.sides.base).toEqual({ rollouts: 184, passRate: 0.5, trainableRate: null, oneRolloutPp: 100 / 184 });
    expect(reported.change.passRate).toEqual({ relative: 0.5, pp: 25 });
    expect(reported.rule).toBeNull();
  });

  it("a proposal without a comparison has an empty list", () => {
    seed({ base: {}, candidate: {} }, [
      { type: "proposal", id: "prop:bare", experiment: EXP, kind: "tool_hook", title: "Bare", base: "h0", candidate: "h1c" },
    ]);
    expect(getProposalComparison(store, "prop:bare")?.comparisons).toEqual([]);
  });
});
