import { describe, expect, it } from "vitest";
import { pickRealGain, type GainCandidate } from "./real-gain-choice";

// Measured on selection draws as chooseRealGain measures them: change in pp with its paired 95 % interval.
const candidate = (name: string, pass: [number, number, number], trainable: [number, number, number]): GainCandidate => ({
  components: [name],
  pass_pp: pass[0], pass_ci95_pp: [pass[1], pass[2]],
  trainable_pp: trainable[0], trainable_ci95_pp: [trainable[1], trainable[2]],
});

describe("pickRealGain", () => {
  // Seed 2's trap: the largest point estimate of min(pass, trainable) had a trainable interval reaching well below
  // zero, and re-measured on streams of its own its trainable change was negative.
  const noisy = candidate("noisy", [0.6, 0.3, 0.9], [0.7, -0.9, 2.3]);
  const reliable = candidate("reliable", [0.4, 0.2, 0.6], [0.3, 0.1, 0.5]);
  const passOnly = candidate("pass-only", [0.5, 0.2, 0.8], [0, 0, 0]);
  const loses = candidate("loses", [2.0, 1.2, 2.8], [-3.0, -5.0, -1.0]);

  it("chooses the candidate whose gain is reliably positive on both criteria, not the largest point estimate", () => {
    expect(pickRealGain([noisy, reliable, loses]).chosen?.components).toEqual(["reliable"]);
  });

  it("ranks by the smaller of the two lower bounds", () => {
    expect(pickRealGain([passOnly, noisy, reliable, loses]).ranked.map((c) => c.components[0])).toEqual(["reliable", "pass-only", "noisy", "loses"]);
  });

  it("takes a pass-rate gain that leaves the trainable rate untouched (the rule accepts it)", () => {
    expect(pickRealGain([noisy, passOnly]).chosen?.components).toEqual(["pass-only"]);
  });

  it("chooses none when no interval excludes a loss on both criteria", () => {
    expect(pickRealGain([noisy, loses]).chosen).toBeNull();
    expect(pickRealGain([candidate("flat", [0, 0, 0], [0, 0, 0])]).chosen).toBeNull();
  });
});
