import { describe, expect, it } from "vitest";
import { cellFlips, type CellTask } from "./task-flips";

/** A task from its outcomes per repeat: "1" solved, "0" failed, e.g. "110". Rollout ids name side and repeat. */
function task(side: string, taskId: string, outcomes: string): CellTask {
  const runs = [...outcomes].map((o, repeat) => ({ repeat, success: o === "1", rolloutId: `${side}-${taskId}-r${repeat}` }));
  return { taskId, key: `key-${taskId}`, title: null, successes: runs.filter((r) => r.success).length, attempts: runs.length, runs };
}

describe("cellFlips", () => {
  it("one attempt each: rescued / regressed, McNemar on the discordant counts (b = 1, c = 9)", () => {
    const a: CellTask[] = [];
    const b: CellTask[] = [];
    // 9 rescued (0 → 1), 1 regressed (1 → 0), 4 both solved, 6 both failed, plus one task only A ran.
    for (let i = 0; i < 9; i++) { a.push(task("A", `r${i}`, "0")); b.push(task("B", `r${i}`, "1")); }
    a.push(task("A", "g", "1")); b.push(task("B", "g", "0"));
    for (let i = 0; i < 4; i++) { a.push(task("A", `s${i}`, "1")); b.push(task("B", `s${i}`, "1")); }
    for (let i = 0; i < 6; i++) { a.push(task("A", `f${i}`, "0")); b.push(task("B", `f${i}`, "0")); }
    a.push(task("A", "solo", "1"));
    const f = cellFlips(a, b);
    expect(f.rescued.map((x) => x.taskId)).toEqual(["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]);
    expect(f.regressed.map((x) => x.taskId)).toEqual(["g"]);
    expect(f.regressed[0].a.runs[0].rolloutId).toBe("A-g-r0");
    expect(f.regressed[0].b.runs[0].rolloutId).toBe("B-g-r0");
    expect(f).toMatchObject({ bothSolved: 4, bothFailed: 6, samePartial: 0, shared: 20, onlyA: 1, onlyB: 0 });
    expect(f.mcnemar).toEqual({ applicable: true, result: { b: 1, c: 9, p: 0.021484375 } });
    // Δ = (9 − 1)/20 over the shared tasks.
    expect(f.paired.delta).toBeCloseTo(0.4, 12);
    expect(f.paired.shared).toBe(20);
  });

  it("with repeats: flips by p̂ᵢ, largest change first, and no McNemar (says how many attempts)", () => {
    const a = [task("A", "x", "000"), task("A", "y", "110"), task("A", "z", "100"), task("A", "w", "111")];
    const b = [task("B", "x", "100"), task("B", "y", "010"), task("B", "z", "111"), task("B", "w", "111")];
    const f = cellFlips(a, b);
    expect(f.rescued.map((x) => x.taskId)).toEqual(["z", "x"]);
    expect(f.rescued[0].change).toBeCloseTo(2 / 3, 12);
    expect(f.rescued[1].change).toBeCloseTo(1 / 3, 12);
    expect(f.regressed.map((x) => x.taskId)).toEqual(["y"]);
    expect(f.bothSolved).toBe(1);
    expect(f.mcnemar).toEqual({ applicable: false, reason: "repeats", maxAttemptsA: 3, maxAttemptsB: 3 });
  });

  it("equal partial rates do not flip", () => {
    const f = cellFlips([task("A", "x", "10")], [task("B", "x", "01")]);
    expect(f).toMatchObject({ rescued: [], regressed: [], samePartial: 1 });
  });

  it("cells with no common task: nothing to pair, McNemar says so", () => {
    const f = cellFlips([task("A", "x", "1")], [task("B", "y", "0")]);
    expect(f).toMatchObject({ shared: 0, onlyA: 1, onlyB: 1, rescued: [], regressed: [] });
    expect(f.mcnemar).toEqual({ applicable: false, reason: "no-shared-tasks" });
    expect(f.paired.delta).toBeNull();
  });

  it("no discordant task: McNemar p = 1", () => {
    const f = cellFlips([task("A", "x", "1"), task("A", "y", "0")], [task("B", "x", "1"), task("B", "y", "0")]);
    expect(f.mcnemar).toEqual({ applicable: true, result: { b: 0, c: 0, p: 1 } });
  });
});
