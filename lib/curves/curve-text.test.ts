import { describe, expect, it } from "vitest";
import { chartAriaLabel, reducedText, runDisplayName, sourceText } from "./curve-text";
import type { CurveMarker } from "./types";

describe("curve texts", () => {
  it("says where the values come from", () => {
    expect(sourceText({ source: { kind: "rollouts", rollouts: 144 } })).toBe("computed from 144 stored rollouts");
    expect(sourceText({ source: { kind: "trainer", key: "train/trainable_rate" } })).toBe("as reported by the trainer (train/trainable_rate)");
    expect(sourceText({ source: { kind: "metric" } })).toBe("as reported by the trainer");
    expect(sourceText({ source: { kind: "none", reason: "this run reported no such metric" } })).toBe("nothing to draw: this run reported no such metric");
  });

  it("says when a series was reduced and what was left off the axis", () => {
    const x = new Array(2_000).fill(0);
    expect(reducedText({ reduced: true, originalCount: 100_000, withoutX: 0, x }, "step")).toBe(
      "showing 2,000 of 100,000 points; every bucket keeps its min and max",
    );
    expect(reducedText({ reduced: false, originalCount: 5, withoutX: 1, x: [1, 2, 3, 4, 5] }, "epoch")).toBe("1 point without an epoch left out");
    expect(reducedText({ reduced: false, originalCount: 5, withoutX: 0, x: [1, 2, 3, 4, 5] }, "step")).toBeNull();
  });

  it("names runs with their experiment when several experiments are overlaid", () => {
    const run = { id: "r1", name: "policy training", experimentName: "GRPO" };
    expect(runDisplayName(run, false)).toBe("policy training");
    expect(runDisplayName(run, true)).toBe("GRPO · policy training");
    expect(runDisplayName({ ...run, name: null }, false)).toBe("r1");
  });

  it("describes the chart with its markers", () => {
    const markers: CurveMarker[] = [
      { kind: "harness", run: "r", step: 2, x: 2, fromVersionId: "h1", fromLabel: "H1", toVersionId: "h2", toLabel: "H2", fromName: "H1 (same files as H0)", toName: "H2", proposalId: null, origin: "manual", description: null },
      { kind: "epoch", run: "r", step: 3, x: 3, epoch: 2 },
    ];
    expect(chartAriaLabel({ label: "Trainable rate", axis: "step", lines: [{ run: "HA", points: 6, reduced: false }], markers })).toBe(
      "Line chart of Trainable rate by step for HA (6 points). Harness changes: H1 (same files as H0) → H2 at step 2. Epoch boundaries: epoch 2 begins at step 3. The values are in the table below the charts.",
    );
  });
});
