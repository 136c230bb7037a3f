import { describe, expect, it } from "vitest";
import { idFromSegment, stepFromSegment } from "./dynamic-segment";
import { groupPath, taskPath } from "./page-links";

describe("idFromSegment", () => {
  it("gives back an id that went into an address through encodeURIComponent, decoding exactly once", () => {
    for (const id of ["swe-bench:astropy__astropy-12907", "runs/epoch 1", "100% sure", "a%20b", "café ✓"]) {
      const segment = taskPath(id).slice("/tasks/".length);
      expect(idFromSegment(segment)).toBe(id);
    }
  });

  it("refuses a malformed escape instead of throwing", () => {
    expect(idFromSegment("100%")).toBeNull();
  });
});

describe("stepFromSegment", () => {
  it("accepts plain non-negative integers only", () => {
    expect(stepFromSegment("0")).toBe(0);
    expect(stepFromSegment("45")).toBe(45);
    for (const bad of ["-1", "1.5", "1e3", "", " 1", "abc", "9".repeat(16)]) expect(stepFromSegment(bad)).toBeNull();
  });
});

describe("page links", () => {
  it("keep every id inside its own path segment", () => {
    expect(groupPath("run/1", 3, "g:1/a b")).toBe("/runs/run%2F1/steps/3/groups/g%3A1%2Fa%20b");
  });
});
