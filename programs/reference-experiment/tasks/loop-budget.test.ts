import { describe, expect, it } from "vitest";
import { instrumentLoops } from "./loop-budget";

describe("instrumentLoops", () => {
  it("counts while and three-part for loops, keeping every line in place", () => {
    const source = [
      "function f(values) {",
      "  for (let i = 0; i < values.length; i++) {",
      "    while (lo <= hi) x++;",
      "  }",
      "  for (const v of values) total += v;",
      "  for (;;) break;",
      '  const s = "while (true)"; // for (;;)',
      "}",
    ].join("\n");
    const out = instrumentLoops(source).split("\n");
    expect(out).toHaveLength(8);
    expect(out[1]).toBe("  for (let i = 0; __loopStep() && ( i < values.length); i++) {");
    expect(out[2]).toBe("    while (__loopStep() && (lo <= hi)) x++;");
    expect(out[4]).toBe("  for (const v of values) total += v;");
    expect(out[5]).toBe("  for (; __loopStep();) break;");
    expect(out[6]).toBe('  const s = "while (true)"; // for (;;)');
  });

  it("leaves a source without loops untouched", () => {
    const source = "const f = (x) => x + 1;\n";
    expect(instrumentLoops(source)).toBe(source);
  });
});
