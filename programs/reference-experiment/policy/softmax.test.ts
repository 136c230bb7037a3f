import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { addPerOptionLogProbGradient, addSharedLogProbGradient, dot, sampleIndex, softmax } from "./softmax";

const logSoftmaxAt = (scores: number[], T: number, k: number) => Math.log(softmax(scores, T)[k]);

describe("softmax", () => {
  it("sums to one and keeps the order of the scores", () => {
    const p = softmax([1, 2, 3], 1);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[2]).toBeGreaterThan(p[1]);
    expect(p[1]).toBeGreaterThan(p[0]);
  });

  it("sharpens at low temperature, flattens at high, and is greedy at zero", () => {
    const scores = [0.2, 1, 0.5];
    expect(softmax(scores, 0.25)[1]).toBeGreaterThan(softmax(scores, 1)[1]);
    expect(softmax(scores, 10)[1]).toBeLessThan(softmax(scores, 1)[1]);
    expect(softmax(scores, 10)[1]).toBeGreaterThan(1 / 3);
    expect(softmax(scores, 0)).toEqual([0, 1, 0]);
  });

  it("is stable for large scores", () => {
    const p = softmax([1000, 1001], 1);
    expect(p.every(Number.isFinite)).toBe(true);
    expect(p[1]).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
  });
});

describe("sampleIndex", () => {
  it("draws once per sample and follows the probabilities", () => {
    const rng = createRng(7);
    const twin = createRng(7);
    const probs = [0.1, 0.6, 0.3];
    const counts = [0, 0, 0];
    for (let k = 0; k < 20000; k++) {
      counts[sampleIndex(probs, rng)] += 1;
      twin.next();
    }
    expect(rng.next()).toBe(twin.next());
    counts.forEach((c, k) => expect(c / 20000).toBeCloseTo(probs[k], 1));
  });

  it("never returns an option without mass", () => {
    const rng = createRng(1);
    for (let k = 0; k < 1000; k++) expect(sampleIndex([0, 1, 0], rng)).toBe(1);
  });
});

describe("log-softmax gradients (checked against finite differences)", () => {
  const h = 1e-6;

  it("shared weights: (f_chosen − Σ p f) / T", () => {
    const features = [[1, 0.5, 0, 2], [0, 1, 1, -1], [0.3, 0, 1, 0]];
    const w = [0.2, -0.4, 0.7, 0.1];
    const T = 0.7;
    const chosen = 2;
    const scoresAt = (ww: number[]) => features.map((f) => dot(ww, f));
    const analytic = [0, 0, 0, 0];
    addSharedLogProbGradient(features, softmax(scoresAt(w), T), chosen, T, 1, analytic);
    w.forEach((_, k) => {
      const plus = [...w];
      const minus = [...w];
      plus[k] += h;
      minus[k] -= h;
      const numeric = (logSoftmaxAt(scoresAt(plus), T, chosen) - logSoftmaxAt(scoresAt(minus), T, chosen)) / (2 * h);
      expect(analytic[k]).toBeCloseTo(numeric, 6);
    });
  });

  it("one weight vector per option: (onehot − p) · context / T", () => {
    const context = [1, 0.25, -0.5];
    const W = [[0.1, 0.2, 0.3], [-0.3, 0.5, 0], [0.4, -0.1, 0.2]];
    const T = 1.3;
    const chosen = 0;
    const scoresAt = (ww: number[][]) => ww.map((row) => dot(row, context));
    const analytic = W.map((row) => row.map(() => 0));
    addPerOptionLogProbGradient(context, softmax(scoresAt(W), T), chosen, T, 1, analytic);
    W.forEach((row, b) => row.forEach((_, k) => {
      const plus = W.map((r) => [...r]);
      const minus = W.map((r) => [...r]);
      plus[b][k] += h;
      minus[b][k] -= h;
      const numeric = (logSoftmaxAt(scoresAt(plus), T, chosen) - logSoftmaxAt(scoresAt(minus), T, chosen)) / (2 * h);
      expect(analytic[b][k]).toBeCloseTo(numeric, 6);
    }));
  });
});
