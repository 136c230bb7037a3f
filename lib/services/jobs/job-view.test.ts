import { describe, expect, it } from "vitest";
import { isActiveStatus, jobsTable, progressPercent } from "./job-view";

describe("job view", () => {
  it("knows which statuses are still going", () => {
    expect(["queued", "running", "succeeded", "failed", "cancelled", "lost"].filter(isActiveStatus)).toEqual(["queued", "running"]);
  });

  it("turns progress into a clamped whole percentage; success is 100", () => {
    expect(progressPercent({ progress: 0.426, status: "running" })).toBe(43);
    expect(progressPercent({ progress: 1.5, status: "running" })).toBe(100);
    expect(progressPercent({ progress: null, status: "running" })).toBeNull();
    expect(progressPercent({ progress: 0.2, status: "succeeded" })).toBe(100);
    expect(progressPercent({ progress: 0.2, status: "cancelled" })).toBe(20);
  });

  it("builds the jobs table from the same values", () => {
    const table = jobsTable([{
      id: "j1", templateName: "Train", templateId: "t", kind: "train-epoch", experimentName: null, experimentId: "e", executor: "local",
      status: "failed", statusReason: "exit code 3", progress: 0.5, durationMs: 12_345, createdByName: "rita", createdAt: Date.UTC(2025, 0, 2, 3, 4, 5),
      exitCode: 3, runs: [{ id: "r1" }, { id: "r2" }],
    }]);
    expect(table.columns).toHaveLength(table.rows[0].length);
    expect(table.rows[0]).toEqual(["j1", "Train", "train-epoch", "e", "local", "failed", "exit code 3", 50, 12.3, "rita", "2025-01-02T03:04:05.000Z", 3, "r1 r2"]);
  });
});
