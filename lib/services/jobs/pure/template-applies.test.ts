import { describe, expect, it } from "vitest";
import { isReferenceConfig, whyTemplateDoesNotApply } from "./template-applies";

const REFERENCE = ["{node}", "{home}/bin/harness-lab.mjs", "reference-job", "train-epoch", "--epoch={epoch}"];

describe("which experiments a template applies to", () => {
  it("offers the reference experiment's phases only on experiments it made", () => {
    expect(isReferenceConfig({ seed: 1, size: "default", stepsPerEpoch: 30 })).toBe(true);
    expect(whyTemplateDoesNotApply(REFERENCE, { id: "ref-s1-harnessadapt-rl", config: { seed: 1, size: "small" } })).toBeNull();
    expect(whyTemplateDoesNotApply(REFERENCE, { id: "my-verl-run", config: { trainer: { total_epochs: 2 } } }))
      .toBe('runs a phase of the reference experiment, and experiment "my-verl-run" is not one (its config names no seed and size)');
    expect(whyTemplateDoesNotApply(REFERENCE, { id: "imported", config: null })).not.toBeNull();
    expect(isReferenceConfig({ seed: "1", size: "default" })).toBe(false);
  });

  it("offers any other template everywhere", () => {
    expect(whyTemplateDoesNotApply(["python3", "train.py", "--epoch={epoch}"], { id: "imported", config: null })).toBeNull();
  });
});
