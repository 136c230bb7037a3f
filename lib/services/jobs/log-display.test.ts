import { describe, expect, it } from "vitest";
import { readableLog, readableLogLine } from "./log-display";
import { progressLine } from "./progress";

describe("readable job log", () => {
  it("shows a progress line as its percentage and message, and other lines as written", () => {
    expect(readableLogLine(progressLine(0.5, "step 12 of 24"))).toBe("▸ progress 50 % · step 12 of 24");
    expect(readableLogLine(progressLine(1))).toBe("▸ progress 100 %");
    expect(readableLogLine('{"loss": 0.3}')).toBe('{"loss": 0.3}');
    expect(readableLogLine('{"harness_lab_progress": "half"}')).toBe('{"harness_lab_progress": "half"}');
  });

  it("keeps the lines and their order", () => {
    const raw = ["starting", progressLine(0.25, "step 1 of 4"), "step 1 loss=0.7", ""].join("\n");
    expect(readableLog(raw)).toBe(["starting", "▸ progress 25 % · step 1 of 4", "step 1 loss=0.7", ""].join("\n"));
  });
});
