import { describe, expect, it } from "vitest";
import { parseTurnIndex, turnAnchorId, turnFromHash } from "./turn-anchor";

describe("turn anchors", () => {
  it("round-trips a turn index through the hash", () => {
    expect(turnFromHash(`#${turnAnchorId(12)}`)).toBe(12);
    expect(turnFromHash("turn-0")).toBe(0);
  });

  it("ignores anything else", () => {
    for (const hash of ["", "#", "#turn-", "#turn-x", "#turn-1-2", "#section", "#turn--1"]) expect(turnFromHash(hash)).toBeNull();
  });
});

describe("parseTurnIndex", () => {
  it("reads whole numbers only", () => {
    expect(parseTurnIndex("0")).toBe(0);
    expect(parseTurnIndex("1999")).toBe(1999);
    for (const bad of ["", "-1", "1.5", "1e3", "x", " 1", "12345678901"]) expect(parseTurnIndex(bad)).toBeNull();
  });
});
