import { describe, expect, it } from "vitest";
import { turnAnchorId, turnFromHash } from "./turn-anchor";

describe("turn anchors", () => {
  it("round-trips a turn index through the hash", () => {
    expect(turnFromHash(`#${turnAnchorId(12)}`)).toBe(12);
    expect(turnFromHash("turn-0")).toBe(0);
  });

  it("ignores anything else", () => {
    for (const hash of ["", "#", "#turn-", "#turn-x", "#turn-1-2", "#section", "#turn--1"]) expect(turnFromHash(hash)).toBeNull();
  });
});
