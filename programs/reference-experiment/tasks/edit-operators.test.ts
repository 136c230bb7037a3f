import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { EDIT_OPERATORS, type EditOperator } from "../types";
import { applicableOperators, applyEdit, applyInjection, inverseOf, removeGuard } from "./edit-operators";
import { TEMPLATES } from "./templates";

/** Apply to a one-line source and return the edited line (or the error). */
function edit(line: string, operator: EditOperator): string {
  const result = applyEdit(`${line}\n`, 1, operator);
  return result.ok ? result.source.replace(/\n$/, "") : `ERROR ${result.error}`;
}

const compiles = (source: string) => {
  try {
    new vm.Script(`(function (module, exports) {${source}\n})`);
    return true;
  } catch {
    return false;
  }
};

describe("comparison operators", () => {
  it("flip-comparison turns < into > and <= into >= at the first comparison", () => {
    expect(edit("  if (x < lo) return lo;", "flip-comparison")).toBe("  if (x > lo) return lo;");
    expect(edit("  while (lo <= hi) {", "flip-comparison")).toBe("  while (lo >= hi) {");
    expect(edit("if (a >= b && c < d) x = 1;", "flip-comparison")).toBe("if (a <= b && c < d) x = 1;");
  });
  it("toggle-inclusive adds or drops the =", () => {
    expect(edit("  for (let i = 0; i < n; i++) {", "toggle-inclusive")).toBe("  for (let i = 0; i <= n; i++) {");
    expect(edit("  if (index >= count) return count - 1;", "toggle-inclusive")).toBe("  if (index > count) return count - 1;");
  });
  it("ignores arrows, shifts, strings and comments", () => {
    expect(edit('const f = (a) => "a < b"; // x < y', "flip-comparison")).toMatch(/^ERROR flip-comparison does not apply to line 1/);
    expect(edit("x = a >> 1;", "toggle-inclusive")).toMatch(/^ERROR/);
  });
});

describe("swap-operator", () => {
  it("swaps the first binary arithmetic operator", () => {
    expect(edit("    const next = prev + curr;", "swap-operator")).toBe("    const next = prev - curr;");
    expect(edit("  return Math.round((a / b) * 100) / 100;", "swap-operator")).toBe("  return Math.round((a * b) * 100) / 100;");
    expect(edit("    total += values[i];", "swap-operator")).toBe("    total -= values[i];");
    expect(edit("    result *= i;", "swap-operator")).toBe("    result /= i;");
  });
  it("leaves unary signs and ++ alone", () => {
    expect(edit("  return -1;", "swap-operator")).toMatch(/^ERROR swap-operator does not apply to line 1: no binary/);
    expect(edit("  for (let i = 0; i < n; i++) {", "swap-operator")).toMatch(/^ERROR/);
    expect(edit("  x = -a + b;", "swap-operator")).toBe("  x = -a - b;");
  });
});

describe("increment-constant / decrement-constant", () => {
  it("changes the first integer literal by one, its sign included", () => {
    expect(edit("  let hi = sorted.length - 1;", "increment-constant")).toBe("  let hi = sorted.length - 2;");
    expect(edit("  return -1;", "increment-constant")).toBe("  return 0;");
    expect(edit("  return 0;", "decrement-constant")).toBe("  return -1;");
    expect(edit("  if (year % 400 === 0) return true;", "decrement-constant")).toBe("  if (year % 399 === 0) return true;");
  });
  it("skips decimals, identifiers with digits and strings", () => {
    expect(edit('  const x1 = 0.5 + "3";', "increment-constant")).toMatch(/^ERROR increment-constant does not apply to line 1: no integer literal/);
  });
  it("writes a negative result after a binary minus so it reads back the same", () => {
    const down = edit("  return n - 0;", "decrement-constant");
    expect(down).toBe("  return n - -1;");
    expect(edit(down, "increment-constant")).toBe("  return n - 0;");
  });
});

describe("swap-arguments", () => {
  it("swaps the first two arguments of the first call that has two", () => {
    expect(edit("  return values.slice(shift).concat(values.slice(0, shift));", "swap-arguments"))
      .toBe("  return values.slice(shift).concat(values.slice(shift, 0));");
    expect(edit("    total += Math.pow(values[i], exponent);", "swap-arguments")).toBe("    total += Math.pow(exponent, values[i]);");
    expect(edit("  f(g(a, b), c, d);", "swap-arguments")).toBe("  f(c, g(a, b), d);");
  });
  it("does not treat declarations or keywords as calls", () => {
    expect(edit("function clamp(x, lo, hi) {", "swap-arguments")).toMatch(/^ERROR swap-arguments does not apply to line 1: no call/);
    expect(edit("  if (a, b) return;", "swap-arguments")).toMatch(/^ERROR/);
  });
});

describe("negate-condition", () => {
  it("wraps the first if/while condition and unwraps it again", () => {
    expect(edit("  if (x < lo) return lo;", "negate-condition")).toBe("  if (!(x < lo)) return lo;");
    expect(edit("  if (!(x < lo)) return lo;", "negate-condition")).toBe("  if (x < lo) return lo;");
    expect(edit("  while (at !== -1) {", "negate-condition")).toBe("  while (!(at !== -1)) {");
    expect(edit("  if (!a || !(b)) return;", "negate-condition")).toBe("  if (!(!a || !(b))) return;");
  });
  it("refuses a line without if/while", () => {
    expect(edit("  return x;", "negate-condition")).toBe("ERROR negate-condition does not apply to line 1: no if (…) or while (…) on it");
  });
});

describe("add-guard", () => {
  const declared = "// countAbove(values, threshold) -> number: how many\nfunction countAbove(values, threshold) {\n  let count = 0;\n}\n";
  it("inserts a guard of the first parameter after a header, its default from the signature comment", () => {
    const result = applyEdit(declared, 2, "add-guard");
    expect(result).toEqual({ ok: true, source: declared.replace("{\n", "{\n  if (values == null) return 0;\n") });
    const arrow = "// chunk(values, size) -> array: pieces\nconst chunk = (values, size) => {\n  return [];\n};\n";
    expect(applyEdit(arrow, 2, "add-guard")).toMatchObject({ ok: true, source: expect.stringContaining("=> {\n  if (values == null) return [];\n") });
    const text = "// t(s) -> string: x\nfunction t(s) {\n}\n";
    expect(applyEdit(text, 2, "add-guard")).toMatchObject({ source: expect.stringContaining('if (s == null) return "";') });
    const untyped = "function u(a) {\n}\n";
    expect(applyEdit(untyped, 1, "add-guard")).toMatchObject({ source: expect.stringContaining("if (a == null) return null;") });
  });
  it("refuses non-header lines and functions already guarded", () => {
    expect(applyEdit(declared, 3, "add-guard")).toEqual({ ok: false, error: expect.stringMatching(/^add-guard does not apply to line 3: needs a function header/) });
    const guarded = applyEdit(declared, 2, "add-guard");
    if (!guarded.ok) throw new Error(guarded.error);
    expect(applyEdit(guarded.source, 2, "add-guard")).toEqual({ ok: false, error: "add-guard does not apply to line 2: countAbove already guards values" });
    expect(removeGuard(guarded.source, 2)).toEqual({ ok: true, source: declared });
    expect(removeGuard(declared, 2).ok).toBe(false);
  });
});

describe("applyEdit input checks", () => {
  it("refuses lines outside the file and unknown operators", () => {
    expect(applyEdit("a;\nb;\n", 3, "flip-comparison")).toEqual({ ok: false, error: "line 3 is outside the file (1–2)" });
    expect(applyEdit("a;\n", 0, "flip-comparison").ok).toBe(false);
    expect(applyEdit("a;\n", 1, "rewrite-everything" as EditOperator)).toEqual({ ok: false, error: expect.stringContaining('unknown edit operator "rewrite-everything"') });
    expect(applicableOperators("a;\n", 9)).toEqual([]);
  });
});

describe("every operator on every line of the catalogue", () => {
  it("applies exactly where applicableOperators says, keeps the file valid, and is undone by its inverse", () => {
    let applied = 0;
    for (const template of TEMPLATES) {
      const lineCount = template.source.split("\n").length - 1;
      for (let line = 1; line <= lineCount; line++) {
        const applicable = applicableOperators(template.source, line);
        for (const operator of EDIT_OPERATORS) {
          const result = applyEdit(template.source, line, operator);
          expect(result.ok, `${template.slug}:${line} ${operator}`).toBe(applicable.includes(operator));
          if (!result.ok) {
            expect(result.error.length).toBeGreaterThan(10);
            continue;
          }
          applied++;
          expect(compiles(result.source), `${template.slug}:${line} ${operator}\n${result.source}`).toBe(true);
          const undone = applyInjection(result.source, line, inverseOf(operator));
          expect(undone, `${template.slug}:${line} ${operator}`).toEqual({ ok: true, source: template.source });
        }
      }
    }
    expect(applied).toBeGreaterThan(300);
  });
});
