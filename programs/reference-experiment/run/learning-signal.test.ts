import { describe, expect, it } from "vitest";
import { mixedGroupShare } from "./learning-signal";

describe("mixedGroupShare", () => {
  it("counts the groups of attempts at one task holding both a success and a failure", () => {
    const attempts = [
      // a training group of 4: mixed
      { id: "run-step3-t0-k0", success: true }, { id: "run-step3-t0-k1", success: false },
      { id: "run-step3-t0-k2", success: false }, { id: "run-step3-t0-k3", success: false },
      // a training group that failed everywhere
      { id: "run-step3-t1-k0", success: false }, { id: "run-step3-t1-k1", success: false },
      // a preparation pair solved twice, and a mixed one
      { id: "run-prep-e2-t0-k0", success: true }, { id: "run-prep-e2-t0-k1", success: true },
      { id: "run-prep-e2-t1-k0", success: false }, { id: "run-prep-e2-t1-k1", success: true },
    ];
    expect(mixedGroupShare(attempts)).toEqual({ groups: 4, mixed: 2, share: 0.5 });
  });

  it("is 0 without attempts", () => {
    expect(mixedGroupShare([])).toEqual({ groups: 0, mixed: 0, share: 0 });
  });
});
