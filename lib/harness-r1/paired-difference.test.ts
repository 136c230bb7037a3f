import { describe, expect, it } from "vitest";
import { Z95 } from "../results/pass-at-1";
import { pairedDifference } from "./paired-difference";

const t = (taskId: string, successes: number, attempts: number) => ({ taskId, successes, attempts });

describe("pairedDifference", () => {
  it("pairs per-task means over the shared tasks and counts the rest as unpaired", () => {
    // Shared: t1 (1 − 0.5 = 0.5) and t2 (0 − 0 = 0). d = [0.5, 0]: mean 0.25, sd = √(2·0.25²) = 0.3536, SE = 0.25.
    const d = pairedDifference([t("t1", 2, 2), t("t2", 0, 2), t("t3", 1, 1)], [t("t1", 1, 2), t("t2", 0, 2), t("t4", 1, 1)]);
    expect(d.n).toBe(2);
    expect(d.mean).toBeCloseTo(0.25, 12);
    expect(d.se).toBeCloseTo(0.25, 12);
    expect(d.ci![0]).toBeCloseTo(0.25 - Z95 * 0.25, 12);
    expect(d.ci![1]).toBeCloseTo(0.25 + Z95 * 0.25, 12);
    expect(d.unpaired).toBe(2);
  });

  it("does not clip the interval: a difference may be negative", () => {
    // d = [−1, 0, 0, 0]: mean −0.25, sd = 0.5, SE = 0.25.
    const d = pairedDifference(["a", "b", "c", "d"].map((id) => t(id, 0, 1)), ["a", "b", "c", "d"].map((id, i) => t(id, i === 0 ? 1 : 0, 1)));
    expect(d.mean).toBeCloseTo(-0.25, 12);
    expect(d.ci![0]).toBeCloseTo(-0.25 - Z95 * 0.25, 12);
    expect(d.ci![0]).toBeLessThan(-0.5);
  });

  it("gives 6 of 100 tasks lost as 6 pp with SE √((6 − 0.36)/99)/10", () => {
    const full = Array.from({ length: 100 }, (_, i) => t(`x${i}`, i < 58 ? 1 : 0, 1));
    const without = Array.from({ length: 100 }, (_, i) => t(`x${i}`, i < 52 ? 1 : 0, 1));
    const d = pairedDifference(full, without);
    expect(d.mean).toBeCloseTo(0.06, 12);
    expect(d.se).toBeCloseTo(Math.sqrt((6 - 0.36) / 99) / 10, 12);
  });

  it("ignores tasks without attempts and has no estimate without shared tasks, no SE with one", () => {
    expect(pairedDifference([t("a", 0, 0)], [t("a", 1, 1)])).toEqual({ n: 0, mean: null, se: null, ci: null, unpaired: 1 });
    expect(pairedDifference([t("a", 1, 1)], [t("a", 0, 1)])).toEqual({ n: 1, mean: 1, se: null, ci: null, unpaired: 0 });
    expect(pairedDifference([], [])).toEqual({ n: 0, mean: null, se: null, ci: null, unpaired: 0 });
  });
});
