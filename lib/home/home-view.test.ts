import { describe, expect, it } from "vitest";
import { needsPassword, progressPercentOf, reviewCounts, runProgressText, showOrientation } from "./home-view";

describe("home view", () => {
  it("counts pending proposals per kind, zero included, each linking to the inbox's pending rows of that kind", () => {
    expect(reviewCounts({ engineer_patch: 44 })).toEqual([
      { kind: "tool_hook", count: 0, label: "teacher proposals", href: "/proposals?kind=tool_hook&status=pending" },
      { kind: "engineer_patch", count: 44, label: "engineer patches", href: "/proposals?kind=engineer_patch&status=pending" },
    ]);
    expect(reviewCounts({ tool_hook: 1 })[0].label).toBe("teacher proposal");
  });

  it("says how far a run got: the job's message, else its last step, else that it has not started", () => {
    expect(runProgressText({ lastStep: 12, jobProgressMessage: "step 12/24", status: "running" })).toBe("step 12/24");
    expect(runProgressText({ lastStep: 12, jobProgressMessage: null, status: "running" })).toBe("last metrics at step 12");
    expect(runProgressText({ lastStep: null, jobProgressMessage: null, status: "pending" })).toBe("not started");
    expect(progressPercentOf(0.456)).toBe(46);
    expect(progressPercentOf(null)).toBeNull();
    expect(progressPercentOf(3)).toBe(100);
  });

  it("shows the orientation until this user dismissed it, and asks accounts without a password to set one", () => {
    expect(showOrientation(undefined, "u1")).toBe(true);
    expect(showOrientation("u2", "u1")).toBe(true);
    expect(showOrientation("u1", "u1")).toBe(false);
    expect(needsPassword(false)).toBe(true);
    expect(needsPassword(true)).toBe(false);
  });
});
