import { describe, expect, it } from "vitest";
import { parseProgressLine, progressLine, scanProgress } from "./progress";

describe("progress lines", () => {
  it("round-trips what a job prints", () => {
    expect(parseProgressLine(progressLine(0.4, "step 2 of 5"))).toEqual({ fraction: 0.4, message: "step 2 of 5" });
    expect(parseProgressLine(`  {"harness_lab_progress":1}  `)).toEqual({ fraction: 1, message: null });
  });

  it("clamps fractions and cleans messages; ignores anything else", () => {
    expect(parseProgressLine(`{"harness_lab_progress":7,"message":"a\\u0007b"}`)).toEqual({ fraction: 1, message: "a b" });
    expect(parseProgressLine(`{"harness_lab_progress":-1}`)?.fraction).toBe(0);
    for (const line of ["step 3", `{"harness_lab_progress":"half"}`, `{"harness_lab_progress":0.5`, `[{"harness_lab_progress":0.5}]`, `{"other":1}`]) {
      expect(parseProgressLine(line)).toBeNull();
    }
    expect(parseProgressLine(progressLine(0.1, "x".repeat(900)))?.message).toHaveLength(500);
  });

  it("finds the last report across chunks that split lines", () => {
    const first = scanProgress("", `log line\n{"harness_lab_progress":0.2}\n{"harness_lab_pro`);
    expect(first.last).toEqual({ fraction: 0.2, message: null });
    const second = scanProgress(first.carry, `gress":0.6,"message":"m"}\nmore`);
    expect(second).toEqual({ last: { fraction: 0.6, message: "m" }, carry: "more" });
    expect(scanProgress("", "no newline yet").last).toBeNull();
  });
});
