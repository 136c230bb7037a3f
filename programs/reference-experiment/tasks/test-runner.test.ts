import { describe, expect, it } from "vitest";
import type { TaskTest } from "../types";
import { MAX_MESSAGE, runTests, runTestsSummary } from "./test-runner";

const CLAMP = `// clamp(x, lo, hi) -> number: x limited to [lo, hi]
function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return x.length;
  return x;
}

module.exports = { clamp };
`;

const test = (name: string, code: string): TaskTest => ({ name, kind: "fail_to_pass", code });
const check = (call: string, expected: string) => test(call, `check(${JSON.stringify(call)}, () => mod.${call}, ${expected});`);

describe("runTests", () => {
  it("reports passes, wrong values and crashes with the line they came from", () => {
    const results = runTests(CLAMP, [check("clamp(5, 0, 9)", "5"), check("clamp(-1, 0, 9)", "1"), check("clamp(null, 0, 9)", "0"), check("clamp(12, 0, 9)", "9")]);
    expect(results).toEqual([
      { name: "clamp(5, 0, 9)", passed: true, message: null, timedOut: false },
      { name: "clamp(-1, 0, 9)", passed: false, message: "clamp(-1, 0, 9): expected 1, got 0", timedOut: false },
      { name: "clamp(null, 0, 9)", passed: false, message: "clamp(null, 0, 9): expected 0, got null", timedOut: false },
      { name: "clamp(12, 0, 9)", passed: false, message: "clamp(12, 0, 9): expected 9, got undefined", timedOut: false },
    ]);
    const crash = runTests(CLAMP.replace("return x;", "return x.toFixed(0) * 1;"), [check("clamp(undefined, 0, 9)", "0")], { path: "src/clamp.js" });
    expect(crash[0]).toMatchObject({ passed: false, timedOut: false, line: 5 });
    expect(crash[0].message).toMatch(/^clamp\(undefined, 0, 9\) threw TypeError: Cannot read properties of undefined/);
  });

  it("compares arrays, objects and NaN by value", () => {
    const source = "function f(x) {\n  return x;\n}\nmodule.exports = { f };\n";
    const results = runTests(source, [check("f([1, [2]])", "[1, [2]]"), check('f({ a: 1, b: "x" })', '{ b: "x", a: 1 }'), check("f(NaN)", "NaN"), check("f([1, 2])", "[2, 1]")]);
    expect(results.map((r) => r.passed)).toEqual([true, true, true, false]);
    expect(results[3].message).toBe("f([1, 2]): expected [2, 1], got [1, 2]");
  });

  it("fails every test cleanly when the module does not load", () => {
    const results = runTests("function clamp(x {\n}\n", [check("clamp(1)", "1"), check("clamp(2)", "2")]);
    expect(results.every((r) => !r.passed && !r.timedOut)).toBe(true);
    expect(results[0].message).toMatch(/^module failed to load: SyntaxError/);
    expect(runTests("throw new Error('boom');\n", [check("x()", "1")])[0].message).toBe("module failed to load: Error: boom");
  });

  it("keeps messages short", () => {
    const results = runTests(CLAMP, [test("long", `throw new Error("${"x".repeat(500)}");`)]);
    expect(results[0].message!.length).toBeLessThanOrEqual(MAX_MESSAGE);
  });

  it("returns nothing for no tests and summarises counts", () => {
    expect(runTests(CLAMP, [])).toEqual([]);
    const summary = runTestsSummary(CLAMP, [check("clamp(5, 0, 9)", "5"), check("clamp(-1, 0, 9)", "0"), check("clamp(12, 0, 9)", "9")]);
    expect(summary).toMatchObject({ total: 3, passed: 2, failed: 1, timedOut: 0, allPassed: false, failing: ["clamp(12, 0, 9)"] });
  });
});

describe("isolation", () => {
  it("offers no require, process, timers, console, eval or Function", () => {
    const probes = ["process.exit(1)", "require('fs')", "setTimeout(() => 0, 1)", "console.log(1)", "eval('1')", "Function('return 1')()", "globalThis.process.exit()"];
    const results = runTests(CLAMP, probes.map((code, i) => test(`probe ${i}`, code)));
    expect(results.map((r) => r.passed)).toEqual(probes.map(() => false));
    expect(results.every((r) => !r.timedOut)).toBe(true);
    expect(results[0].message).toBe("ReferenceError: process is not defined");
    expect(results[1].message).toBe("ReferenceError: require is not defined");
    expect(results[4].message).toMatch(/^EvalError/);
  });

  it("gives every call a fresh context", () => {
    const tests = [test("leak", "if (globalThis.leaked) throw new Error('saw the previous call'); globalThis.leaked = true;")];
    expect(runTests(CLAMP, tests)[0].passed).toBe(true);
    expect(runTests(CLAMP, tests)[0].passed).toBe(true);
  });
});

describe("time limits", () => {
  it("stops an infinite loop in a test at the time limit and returns", () => {
    const results = runTests(CLAMP, [test("spin", "while (true) {}"), check("clamp(5, 0, 9)", "5")], { timeoutMs: 30 });
    expect(results[0]).toMatchObject({ passed: false, timedOut: true, message: "timed out after 30 ms" });
    expect(results[1]).toMatchObject({ passed: false, timedOut: false, message: "not run: an earlier test timed out" });
  });

  it("runs a test that computed through the limit once more, so a pause while computing (a long GC) does not fail correct code", () => {
    const stallOnce = test("stall once", "globalThis.attempts = (globalThis.attempts || 0) + 1; if (globalThis.attempts === 1) { while (true) {} }");
    expect(runTests(CLAMP, [stallOnce], { timeoutMs: 20 })[0]).toMatchObject({ passed: true, timedOut: false });
  });

  it("does not fail a correct test because the process waited for a core, however often in a row", () => {
    // Atomics.wait blocks without computing, as a process does while a loaded machine runs others: three
    // attempts in a row are caught by the 20 ms watchdog (before the fix, the second one failed the test).
    const waitsThrice = test("waits thrice", "globalThis.attempts = (globalThis.attempts || 0) + 1; if (globalThis.attempts <= 3) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);");
    expect(runTests(CLAMP, [waitsThrice], { timeoutMs: 20 })[0]).toMatchObject({ passed: true, timedOut: false });
  });

  it("still times out a test that never stops waiting, after a bounded number of attempts", () => {
    const results = runTests(CLAMP, [test("waits forever", "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);")], { timeoutMs: 20 });
    // (Every attempt is stopped at 20 ms; without a bound on stalled attempts this would never return.)
    expect(results[0]).toMatchObject({ passed: false, timedOut: true, message: "timed out after 20 ms" });
  });

  it("runs the remaining tests after a time-out when maxTimeouts allows", () => {
    const results = runTests(CLAMP, [test("spin", "for (;;) {}"), check("clamp(5, 0, 9)", "5")], { timeoutMs: 20, maxTimeouts: 3 });
    expect(results.map((r) => [r.passed, r.timedOut])).toEqual([[false, true], [true, false]]);
  });

  it("stops a runaway loop in the task file by counting iterations, deterministically", () => {
    const spinning = CLAMP.replace("  return x;", "  while (x > 0) {\n    x = x + 1;\n  }\n  return x;");
    const results = runTests(spinning, [check("clamp(5, 0, 9)", "5"), check("clamp(-3, 0, 9)", "0")], { maxLoopIterations: 500 });
    expect(results[0]).toMatchObject({ passed: false, timedOut: true, message: "timed out: a loop ran more than 500 iterations" });
    expect(results[1]).toMatchObject({ passed: true });
  });

  it("times out a module that hangs while loading", () => {
    const results = runTests("let i = 0;\nwhile (true) {}\n", [check("f()", "1"), check("g()", "2")], { timeoutMs: 20, maxLoopIterations: 1e12 });
    expect(results.every((r) => r.timedOut && !r.passed)).toBe(true);
  });
});
