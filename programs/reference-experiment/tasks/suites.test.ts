import { describe, expect, it } from "vitest";
import { BUG_FAMILIES } from "../types";
import { buildSuites, buildSuitesWithFix, SUITE_SIZES } from "./suites";

const allTasks = (s: ReturnType<typeof buildSuites>) => [...s.train, ...s.comparison, ...Object.values(s.eval).flat()];

describe("buildSuites", () => {
  it("builds the small sizes, identically for the same seed", () => {
    const a = buildSuites(11, "small");
    expect(a.train).toHaveLength(SUITE_SIZES.small.train);
    expect(a.comparison).toHaveLength(12);
    for (const tasks of Object.values(a.eval)) expect(tasks).toHaveLength(12);
    expect(buildSuites(11, "small")).toEqual(a);
    const other = buildSuites(12, "small");
    expect(other.train.map((t) => t.source)).not.toEqual(a.train.map((t) => t.source));
  });

  it("builds the default sizes with unique, readable ids and keys", () => {
    const s = buildSuites(3, "default");
    expect([s.train.length, s.comparison.length, s.eval["mini-verified"].length, s.eval["mini-multilingual"].length, s.eval["mini-pro"].length])
      .toEqual([300, 184, 40, 40, 40]);
    const tasks = allTasks(s);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(tasks.length);
    expect(s.eval["mini-pro"][6].key).toMatch(/^mini-pro\/[a-z-]+-007$/);
    expect(s.train[0].id).toBe(`s3:${s.train[0].key}`);
    for (const [suite, list] of Object.entries({ train: s.train, comparison: s.comparison, ...s.eval })) {
      for (const t of list) expect(t.suite).toBe(suite);
    }
  });

  it("makes the evaluation suites differ from training the way their names say", () => {
    const all = buildSuitesWithFix(5, "small");
    const header = /^(?:function \w+\(|const \w+ = \()/m;
    const arrow = (source: string) => /^const \w+ = /m.test(source);
    for (const suite of ["train", "comparison", "mini-verified", "mini-pro"] as const) {
      for (const { task } of all[suite]) expect(arrow(task.source), task.key).toBe(false);
    }
    for (const { task } of all["mini-multilingual"]) {
      expect(task.source).toMatch(header);
      expect(arrow(task.source), task.key).toBe(true);
    }
    for (const suite of ["train", "comparison", "mini-verified", "mini-multilingual"] as const) {
      for (const { truth } of all[suite]) expect(truth.bugs).toHaveLength(1);
    }
    for (const { truth } of all["mini-pro"]) expect(truth.bugs).toHaveLength(2);
    // One-bug suites cycle through the families, so even 12 tasks cover all seven.
    for (const suite of ["train", "comparison", "mini-verified", "mini-multilingual"] as const) {
      expect(new Set(all[suite].map(({ task }) => task.families[0]))).toEqual(new Set(BUG_FAMILIES));
    }
  });
});
