import { describe, expect, it } from "vitest";
import { median, percentile } from "./percentile";

describe("percentile (nearest rank)", () => {
  it("picks the smallest value with at least p % at or below it", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
  });
  it("is NaN without values, so no target is met by measuring nothing", () => {
    expect(percentile([], 95)).toBeNaN();
  });
});

describe("median of repeated runs", () => {
  it("is the upper middle of the sorted values, whatever their order", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});
