import { describe, expect, it } from "vitest";
import { pairedDelta } from "./paired-delta";
import { Z95 } from "./pass-at-1";

const t = (taskId: string, successes: number, attempts = 1) => ({ taskId, successes, attempts });

describe("pairedDelta", () => {
  it("averages per-task differences over shared tasks; SE is their sd/√n", () => {
    // d = (1 − 0), (1 − 1), (0 − 0), (2/3 − 1/3) → 1, 0, 0, 1/3: mean 1/3.
    const base = [t("a", 0), t("b", 1), t("c", 0), t("d", 1, 3), t("only-base", 1)];
    const cell = [t("a", 1), t("b", 1), t("c", 0), t("d", 2, 3), t("only-cell", 0)];
    const r = pairedDelta(base, cell);
    expect(r.shared).toBe(4);
    expect(r.baselineOnly).toBe(1);
    expect(r.cellOnly).toBe(1);
    expect(r.delta).toBeCloseTo(1 / 3, 12);
    // sd of (1, 0, 0, 1/3): deviations 2/3, −1/3, −1/3, 0 → Σ² = 6/9 → var = 2/9.
    const se = Math.sqrt(2 / 9) / 2;
    expect(r.se).toBeCloseTo(se, 12);
    expect(r.ci![0]).toBeCloseTo(1 / 3 - Z95 * se, 12);
    expect(r.ci![1]).toBeCloseTo(1 / 3 + Z95 * se, 12);
  });

  it("identical cells: Δ = 0 with a zero-width interval", () => {
    const cells = [t("a", 1), t("b", 0), t("c", 1)];
    expect(pairedDelta(cells, cells)).toMatchObject({ shared: 3, delta: 0, se: 0, ci: [0, 0] });
  });

  it("no shared task (another benchmark): no estimate", () => {
    expect(pairedDelta([t("a", 1)], [t("b", 0)])).toMatchObject({ shared: 0, delta: null, se: null, ci: null, baselineOnly: 1, cellOnly: 1 });
  });

  it("tasks without attempts are not tasks of the cell", () => {
    expect(pairedDelta([t("a", 0, 0), t("b", 1)], [t("a", 1), t("b", 0)])).toMatchObject({ shared: 1, delta: -1, se: null, cellOnly: 1, baselineOnly: 0 });
  });

  it("gives the same answer whether the two task lists line up or not", () => {
    const base = [t("a", 0, 3), t("b", 2, 3), t("c", 3, 3), t("d", 1, 3)];
    const cell = [t("a", 1, 3), t("b", 2, 3), t("c", 1, 3), t("d", 3, 3)];
    const aligned = pairedDelta(base, cell);
    const shuffled = pairedDelta([...base].reverse(), cell);
    expect(shuffled.delta).toBeCloseTo(aligned.delta!, 12);
    expect(shuffled.se).toBeCloseTo(aligned.se!, 12);
    expect(aligned).toMatchObject({ shared: 4, baselineOnly: 0, cellOnly: 0 });
    // d = 1/3, 0, −2/3, 2/3 → mean 1/12.
    expect(aligned.delta).toBeCloseTo(1 / 12, 12);
  });
});
