import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import type { DecisionContext } from "../types";
import { makeContext } from "./context-fixture";
import { initialToolWeights, sharedInitialToolWeights } from "./initial-weights";
import { isSoftmaxDecision, SoftmaxPolicy, type SoftmaxPolicyCheckpoint } from "./softmax-policy";

const CONTEXTS: DecisionContext[] = [
  makeContext(),
  makeContext({ turn: 2, viewed: true, lastTool: "run_tests", lastTestsPassed: false, failingTests: 2, suspiciousLines: [4], symptoms: ["off-by-one-value"] }),
  makeContext({ turn: 3, viewed: true, lastTool: "view", symptoms: ["threw"] }),
  makeContext({ turn: 5, viewed: true, editsMade: 1, lastTool: "edit", hints: ["Verify the edit with the tests before you submit."] }),
];

function rollDecisions(policy: SoftmaxPolicy, seed: number, temperature = 1) {
  const rng = createRng(seed);
  return Array.from({ length: 40 }, (_, k) => policy.decide(CONTEXTS[k % CONTEXTS.length], rng, temperature));
}

function frequencies(policy: SoftmaxPolicy, ctx: DecisionContext, temperature: number, n = 4000): Record<string, number> {
  const rng = createRng(11);
  const counts: Record<string, number> = {};
  for (let k = 0; k < n; k++) {
    const { action } = policy.decide(ctx, rng, temperature);
    counts[action.tool] = (counts[action.tool] ?? 0) + 1 / n;
  }
  return counts;
}

describe("SoftmaxPolicy sampling", () => {
  it("is reproducible per seed and differs between seeds", () => {
    const policy = new SoftmaxPolicy();
    expect(rollDecisions(policy, 42)).toEqual(rollDecisions(policy, 42));
    expect(rollDecisions(policy, 42).map((d) => d.action)).not.toEqual(rollDecisions(policy, 43).map((d) => d.action));
  });

  it("samples the tool probabilities it reports", () => {
    const policy = new SoftmaxPolicy();
    const ctx = CONTEXTS[1];
    const expected = policy.toolProbabilities(ctx, 1);
    const seen = frequencies(policy, ctx, 1);
    for (const tool of ctx.tools) expect(seen[tool] ?? 0).toBeCloseTo(expected[tool], 1);
  });

  it("concentrates on the most likely tool at low temperature and spreads out at high", () => {
    const policy = new SoftmaxPolicy();
    const ctx = CONTEXTS[0];
    const probs = policy.toolProbabilities(ctx, 1);
    const best = Object.keys(probs).reduce((a, b) => (probs[a] >= probs[b] ? a : b));
    const cold = frequencies(policy, ctx, 0.2)[best];
    const warm = frequencies(policy, ctx, 1)[best];
    const hot = frequencies(policy, ctx, 5)[best];
    expect(cold).toBeGreaterThan(warm);
    expect(warm).toBeGreaterThan(hot);
    expect(hot).toBeLessThan(0.35);
  });

  it("starts weak: no tool is near-certain and submitting first is unlikely", () => {
    const probs = new SoftmaxPolicy().toolProbabilities(CONTEXTS[0], 1);
    expect(Math.max(...Object.values(probs))).toBeLessThan(0.6);
    expect(probs.submit).toBeLessThan(0.1);
    expect(probs.submit).toBeGreaterThan(0);
  });

  it("edits prefer the line a failure points at and an operator the symptom suggests, but not always", () => {
    const policy = new SoftmaxPolicy();
    const ctx = makeContext({ ...CONTEXTS[1], tools: ["edit"] });
    const rng = createRng(5);
    let onLine = 0;
    let suggested = 0;
    let malformed = 0;
    const n = 3000;
    for (let k = 0; k < n; k++) {
      const { action } = policy.decide(ctx, rng, 1);
      if (action.tool !== "edit" || !("line" in action)) throw new Error("expected an edit");
      if (action.line === 4) onLine += 1;
      if (action.operator === "increment-constant" || action.operator === "decrement-constant") suggested += 1;
      if (!(ctx.applicableOperators[action.line] ?? []).includes(action.operator)) malformed += 1;
    }
    expect(onLine / n).toBeGreaterThan(0.2);
    expect(onLine / n).toBeLessThan(0.9);
    expect(suggested / n).toBeGreaterThan(0.2);
    expect(malformed / n).toBeGreaterThan(0.05);
    expect(malformed / n).toBeLessThan(0.8);
  });

  it("searches with a pattern the symptom makes relevant or a generic one", () => {
    const policy = new SoftmaxPolicy();
    const rng = createRng(9);
    const ctx = makeContext({ tools: ["search"], symptoms: ["threw"] });
    const patterns = new Set<string>();
    for (let k = 0; k < 300; k++) {
      const { action } = policy.decide(ctx, rng, 1);
      if (action.tool === "search" && "pattern" in action) patterns.add(action.pattern);
    }
    expect([...patterns].sort()).toEqual(["if (", "length", "null", "return"]);
  });

  it("never offers edit on an empty file", () => {
    const policy = new SoftmaxPolicy();
    const rng = createRng(3);
    for (let k = 0; k < 200; k++) {
      expect(policy.decide(makeContext({ lineCount: 0, tools: ["edit", "submit"] }), rng, 1).action.tool).toBe("submit");
    }
  });

  it("records every softmax it sampled, with log-probabilities the weights reproduce", () => {
    const policy = new SoftmaxPolicy();
    for (const { decision } of rollDecisions(policy, 8)) {
      expect(isSoftmaxDecision(decision)).toBe(true);
      if (!isSoftmaxDecision(decision)) continue;
      const recorded = decision.choices.reduce((s, c) => s + c.logProb, 0);
      expect(policy.logProbability(decision)).toBeCloseTo(recorded, 10);
    }
  });
});

describe("SoftmaxPolicy gradient", () => {
  it("matches finite differences of log π(decision) over every weight it touches", () => {
    // Store the prior of the harness tool explicitly so perturbing it perturbs what decide() used.
    const checkpoint = new SoftmaxPolicy().toJSON();
    checkpoint.weights.tool.run_related_tests = initialToolWeights("run_related_tests");
    const policy = SoftmaxPolicy.fromJSON(checkpoint);
    const rng = createRng(21);
    const ctx = makeContext({ ...CONTEXTS[1], tools: ["edit", "search", "run_tests", "run_related_tests"] });
    // A few edits and a few searches (and the tool choices of each).
    const sampled = Array.from({ length: 40 }, () => policy.decide(ctx, rng, 0.8));
    const decisions = [
      ...sampled.filter((d) => d.action.tool === "edit").slice(0, 3),
      ...sampled.filter((d) => d.action.tool === "search").slice(0, 2),
      ...sampled.filter((d) => d.action.tool.includes("test")).slice(0, 1),
    ].map((d) => d.decision);
    const heads = new Set(decisions.flatMap((d) => (isSoftmaxDecision(d) ? d.choices.map((c) => c.head) : [])));
    expect([...heads].sort()).toEqual(["line", "operator", "pattern", "tool"]);
    const h = 1e-6;
    for (const decision of decisions) {
      const grad = policy.zeroGradient();
      policy.accumulateGradient(decision, 1, grad);
      const heads: Array<[number[], (c: SoftmaxPolicyCheckpoint) => number[]]> = [
        [grad.line, (c) => c.weights.line],
        [grad.operator, (c) => c.weights.operator],
        [grad.pattern, (c) => c.weights.pattern],
        ...Object.keys(grad.tool).map((t): [number[], (c: SoftmaxPolicyCheckpoint) => number[]] => [grad.tool[t], (c) => c.weights.tool[t]]),
      ];
      for (const [g, pick] of heads) {
        g.forEach((analytic, k) => {
          if (analytic === 0 && k % 5 !== 0) return; // keep the check quick; still probes some zeros
          const plus = structuredClone(checkpoint);
          const minus = structuredClone(checkpoint);
          pick(plus)[k] += h;
          pick(minus)[k] -= h;
          const numeric =
            (SoftmaxPolicy.fromJSON(plus).logProbability(decision) - SoftmaxPolicy.fromJSON(minus).logProbability(decision)) / (2 * h);
          expect(analytic).toBeCloseTo(numeric, 5);
        });
      }
    }
  });
});

describe("SoftmaxPolicy KL gradient", () => {
  it("is the gradient of KL(π ‖ reference), checked by finite differences, and zero at the reference", () => {
    const reference = new SoftmaxPolicy();
    const moved = reference.toJSON();
    moved.weights.tool.edit = moved.weights.tool.edit.map((w, k) => w + 0.3 * Math.sin(k));
    moved.weights.line = moved.weights.line.map((w, k) => w + 0.2 * Math.cos(k));
    moved.weights.operator = moved.weights.operator.map((w, k) => w - 0.1 * Math.sin(3 * k));
    const policy = SoftmaxPolicy.fromJSON(moved);
    const rng = createRng(4);
    const ctx = makeContext({ ...CONTEXTS[1], tools: ["edit", "run_tests", "submit"] });
    const decision = Array.from({ length: 20 }, () => policy.decide(ctx, rng, 1)).find((d) => d.action.tool === "edit")!.decision;
    const klAt = (c: SoftmaxPolicyCheckpoint) => SoftmaxPolicy.fromJSON(c).accumulateKlGradient(decision, reference, 0, policy.zeroGradient());
    const grad = policy.zeroGradient();
    const kl = policy.accumulateKlGradient(decision, reference, 1, grad);
    expect(kl).toBeGreaterThan(0);
    const h = 1e-6;
    const probes: Array<[number[], (c: SoftmaxPolicyCheckpoint) => number[]]> = [
      [grad.tool.edit, (c) => c.weights.tool.edit],
      [grad.tool.submit, (c) => c.weights.tool.submit],
      [grad.line, (c) => c.weights.line],
      [grad.operator, (c) => c.weights.operator],
    ];
    for (const [g, pick] of probes) {
      g.forEach((analytic, k) => {
        if (analytic === 0 && k % 7 !== 0) return;
        const plus = structuredClone(moved);
        const minus = structuredClone(moved);
        pick(plus)[k] += h;
        pick(minus)[k] -= h;
        expect(analytic).toBeCloseTo((klAt(plus) - klAt(minus)) / (2 * h), 5);
      });
    }
    const atReference = reference.zeroGradient();
    expect(reference.accumulateKlGradient(decision, reference, 1, atReference)).toBeCloseTo(0, 12);
    expect(Math.max(...atReference.line.map(Math.abs))).toBeLessThan(1e-12);
  });
});

describe("SoftmaxPolicy checkpoints", () => {
  it("round-trips through JSON text and decides identically", () => {
    const policy = new SoftmaxPolicy();
    const restored = SoftmaxPolicy.fromJSON(JSON.parse(JSON.stringify(policy)));
    expect(rollDecisions(restored, 4)).toEqual(rollDecisions(policy, 4));
  });

  it("clone() is independent of the original", () => {
    const policy = new SoftmaxPolicy();
    const copy = policy.clone();
    const grad = copy.zeroGradient();
    copy.accumulateGradient(rollDecisions(copy, 1)[0].decision, 1, grad);
    copy.applyGradient(grad, 1);
    expect(copy.toJSON()).not.toEqual(policy.toJSON());
    expect(policy.toJSON()).toEqual(new SoftmaxPolicy().toJSON());
  });

  it("refuses a checkpoint with another feature layout or bad numbers", () => {
    const good = new SoftmaxPolicy().toJSON();
    const otherLayout = structuredClone(good);
    otherLayout.features.line = otherLayout.features.line.slice(1);
    expect(() => SoftmaxPolicy.fromJSON(otherLayout)).toThrow(/layout/);
    const bad = structuredClone(good);
    bad.weights.line[0] = Number.NaN;
    expect(() => SoftmaxPolicy.fromJSON(bad)).toThrow(/finite/);
    expect(() => SoftmaxPolicy.fromJSON({ kind: "other" })).toThrow();
  });

  it("clips a large gradient to the given norm", () => {
    const policy = new SoftmaxPolicy();
    const grad = policy.zeroGradient();
    grad.line[0] = 30;
    grad.line[1] = 40;
    const before = policy.toJSON().weights.line;
    const { gradNorm, clipped } = policy.applyGradient(grad, 0.1, 5);
    expect(gradNorm).toBe(50);
    expect(clipped).toBe(true);
    const after = policy.toJSON().weights.line;
    expect(after[0] - before[0]).toBeCloseTo(0.1 * 3, 12);
    expect(after[1] - before[1]).toBeCloseTo(0.1 * 4, 12);
  });
});

describe("the prior of a harness tool the policy was never trained on", () => {
  it("is computed once and shared read-only (an update works on its own copy)", () => {
    const shared = sharedInitialToolWeights("view_diff");
    expect(shared).toEqual(initialToolWeights("view_diff"));
    expect(sharedInitialToolWeights("view_diff")).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(initialToolWeights("view_diff")).not.toBe(shared);
  });
});
