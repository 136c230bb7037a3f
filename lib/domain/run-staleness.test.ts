// When a "running" run is shown as stale: no live job and silent longer than the threshold.
import { describe, expect, it } from "vitest";
import { DEFAULT_RUN_STALE_AFTER_MS, runLiveness, runStaleAfterMs, shownRunStatus, staleRunText } from "./run-staleness";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 1, 12);

describe("runLiveness", () => {
  it("calls a running run without a job that has been silent for 3 h stale, and says so", () => {
    const run = { status: "running" as const, jobStatus: null, lastActivityAt: NOW - 3 * HOUR };
    expect(runLiveness(run, NOW, HOUR)).toEqual({ state: "stale", silentForMs: 3 * HOUR });
    expect(shownRunStatus(run, NOW, HOUR)).toBe("stale");
    expect(staleRunText("running", 3 * HOUR)).toBe("running · no heartbeat for 3 h");
  });

  it("keeps a run active while it reports, or while its job is queued or running however silent it is", () => {
    expect(runLiveness({ status: "running", jobStatus: null, lastActivityAt: NOW - 10 * 60_000 }, NOW, HOUR)).toEqual({ state: "active" });
    expect(runLiveness({ status: "running", jobStatus: "running", lastActivityAt: NOW - 30 * HOUR }, NOW, HOUR)).toEqual({ state: "active" });
    expect(runLiveness({ status: "pending", jobStatus: "queued", lastActivityAt: NOW - 30 * HOUR }, NOW, HOUR)).toEqual({ state: "active" });
    expect(runLiveness({ status: "pending", jobStatus: "succeeded", lastActivityAt: NOW - 30 * HOUR }, NOW, HOUR).state).toBe("stale");
  });

  it("leaves ended runs alone", () => {
    expect(runLiveness({ status: "finished", jobStatus: null, lastActivityAt: 0 }, NOW, HOUR)).toEqual({ state: "ended" });
    expect(shownRunStatus({ status: "cancelled", jobStatus: null, lastActivityAt: 0 }, NOW, HOUR)).toBe("cancelled");
  });
});

describe("runStaleAfterMs", () => {
  it("reads HARNESS_LAB_RUN_STALE_MINUTES, ignoring what is not a positive number", () => {
    expect(runStaleAfterMs({ HARNESS_LAB_RUN_STALE_MINUTES: "15" })).toBe(15 * 60_000);
    expect(runStaleAfterMs({})).toBe(DEFAULT_RUN_STALE_AFTER_MS);
    expect(runStaleAfterMs({ HARNESS_LAB_RUN_STALE_MINUTES: "-3" })).toBe(DEFAULT_RUN_STALE_AFTER_MS);
    expect(runStaleAfterMs({ HARNESS_LAB_RUN_STALE_MINUTES: "soon" })).toBe(DEFAULT_RUN_STALE_AFTER_MS);
  });
});
