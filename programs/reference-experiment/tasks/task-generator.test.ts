import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { BUG_FAMILIES, type BugFamily, type EditOperator, type RepairTask } from "../types";
import { applicableOperators } from "./edit-operators";
import { applyFix, generateTask, generateTaskWithFix, MIN_FAIL_TO_PASS, MIN_PASS_TO_PASS, type GroundTruth } from "./task-generator";
import { runTests } from "./test-runner";

/** The agent operators that can fix each family (bug-families.ts). */
const FIXES: Record<BugFamily, EditOperator[]> = {
  "off-by-one": ["increment-constant", "decrement-constant", "toggle-inclusive"],
  "wrong-constant": ["increment-constant", "decrement-constant"],
  "wrong-comparison": ["flip-comparison", "toggle-inclusive"],
  "wrong-operator": ["swap-operator"],
  "swapped-arguments": ["swap-arguments"],
  "missing-guard": ["add-guard"],
  "negated-condition": ["negate-condition"],
};

function checkInvariants(task: RepairTask, truth: GroundTruth, bugs: number) {
  const where = `${task.key}\n${task.source}`;
  const failing = task.hiddenTests.filter((t) => t.kind === "fail_to_pass");
  const passing = task.hiddenTests.filter((t) => t.kind === "pass_to_pass");
  expect(failing.length, where).toBeGreaterThanOrEqual(MIN_FAIL_TO_PASS);
  expect(passing.length, where).toBeGreaterThanOrEqual(MIN_PASS_TO_PASS);

  // The reference passes everything; the buggy source fails exactly the fail_to_pass tests.
  expect(runTests(task.reference, task.hiddenTests).filter((r) => !r.passed), where).toEqual([]);
  const onBuggy = runTests(task.source, task.hiddenTests);
  onBuggy.forEach((r, i) => expect(r.passed, `${where}\n${r.name}`).toBe(task.hiddenTests[i].kind === "pass_to_pass"));

  // Visible: the reproducing failure first, then one or two passing tests, all among the hidden ones;
  // at least one failing test stays hidden.
  expect(task.visibleTests[0].kind).toBe("fail_to_pass");
  expect(task.visibleTests.slice(1).every((t) => t.kind === "pass_to_pass")).toBe(true);
  expect(task.visibleTests.length).toBeGreaterThanOrEqual(2);
  expect(task.visibleTests.length).toBeLessThanOrEqual(3);
  for (const t of task.visibleTests) expect(task.hiddenTests).toContainEqual(t);
  expect(failing.some((t) => !task.visibleTests.includes(t))).toBe(true);

  // The ground truth: the right operators at the right lines restore the reference.
  expect(truth.bugs).toHaveLength(bugs);
  expect(truth.fix).toHaveLength(bugs);
  expect(applyFix(task.source, truth.fix)).toBe(task.reference);
  expect(runTests(applyFix(task.source, truth.fix), task.hiddenTests).filter((r) => !r.passed), where).toEqual([]);
  truth.bugs.forEach((bug, i) => {
    expect(task.families).toContain(bug.family);
    expect(FIXES[bug.family]).toContain(truth.fix[i].operator);
  });
  // The first fix applies to the buggy file as the agent sees it.
  expect(applicableOperators(task.source, truth.fix[0].line)).toContain(truth.fix[0].operator);
  expect(task.path).toMatch(/^src\/[a-z-]+\.js$/);
}

describe("generateTask", () => {
  for (const dialect of ["plain", "alt"] as const) {
    for (const family of BUG_FAMILIES) {
      it(`makes valid ${dialect} ${family} tasks over many seeds`, () => {
        for (let seed = 0; seed < 12; seed++) {
          const { task, truth } = generateTaskWithFix(createRng(seed * 7919 + 1), { id: `t${seed}`, suite: "train", families: [family], bugs: 1, dialect, index: seed });
          expect(task.families).toEqual([family]);
          checkInvariants(task, truth, 1);
        }
      });
    }
  }

  it("makes valid two-bug tasks in which each bug matters", () => {
    for (let seed = 0; seed < 40; seed++) {
      const dialect = seed % 4 === 3 ? "alt" : "plain";
      const { task, truth } = generateTaskWithFix(createRng(seed), { id: `p${seed}`, suite: "mini-pro", families: BUG_FAMILIES, bugs: 2, dialect, index: seed });
      checkInvariants(task, truth, 2);
      // Fixing only the first bug in fix order is not enough.
      const half = applyFix(task.source, truth.fix.slice(0, 1));
      expect(runTests(half, task.hiddenTests).some((r) => !r.passed), `${task.key}\n${half}`).toBe(true);
    }
  });

  it("is deterministic for a seed and differs across seeds", () => {
    const options = { id: "x", suite: "mini-verified" as const, families: BUG_FAMILIES, bugs: 1 as const, index: 7 };
    const a = generateTask(createRng(42), options);
    expect(generateTask(createRng(42), options)).toEqual(a);
    expect(a.key).toMatch(/^mini-verified\/[a-z-]+-007$/);
    expect(a.id).toBe("x");
    const others = [1, 2, 3, 4, 5].map((s) => generateTask(createRng(s), options));
    expect(others.some((t) => t.source !== a.source || t.hiddenTests[0].code !== a.hiddenTests[0].code)).toBe(true);
  });

  it("says so when no template can take the families", () => {
    expect(() => generateTask(createRng(1), { id: "x", suite: "train", families: [], bugs: 1 })).toThrow(/no plain template can take a bug/);
  });
});
