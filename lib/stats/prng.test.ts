import { describe, expect, it } from "vitest";
import { mulberry32, randomIndex, seedFromString } from "./prng";

const draw = (seed: number, n: number) => {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => random());
};

describe("mulberry32", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    expect(draw(42, 50)).toEqual(draw(42, 50));
    expect(draw(42, 50)).not.toEqual(draw(43, 50));
  });

  it("stays in [0, 1) and is roughly uniform", () => {
    const xs = draw(7, 20_000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    // Uniform(0, 1): mean 0.5, sd of the mean √(1/12)/√20000 ≈ 0.002.
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    const deciles = Array.from({ length: 10 }, (_, d) => xs.filter((x) => Math.floor(x * 10) === d).length / xs.length);
    for (const share of deciles) expect(Math.abs(share - 0.1)).toBeLessThan(0.01);
  });

  it("takes the seed modulo 2³² (so a negative or huge seed still works)", () => {
    expect(draw(-1, 5)).toEqual(draw(2 ** 32 - 1, 5));
    expect(() => mulberry32(Number.NaN)).toThrow(RangeError);
  });

  it("draws every index of a range", () => {
    const random = mulberry32(1);
    const seen = new Set(Array.from({ length: 500 }, () => randomIndex(random, 4)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe("seedFromString", () => {
  it("is FNV-1a: the empty string gives the offset basis, 'a' its known hash", () => {
    expect(seedFromString("")).toBe(0x811c9dc5);
    expect(seedFromString("a")).toBe(0xe40c292c);
  });

  it("is stable and tells proposal ids apart", () => {
    expect(seedFromString("prop-1")).toBe(seedFromString("prop-1"));
    expect(seedFromString("prop-1")).not.toBe(seedFromString("prop-2"));
  });
});
