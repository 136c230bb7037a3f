import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { BUG_FAMILIES } from "../types";
import { bugSites } from "./bug-families";
import { TestSandbox } from "./sandbox";
import { screenedSites } from "./site-screen";
import { drawCases } from "./task-tests";
import { TEMPLATES, templatesFor } from "./templates";

describe("the template catalogue", () => {
  it("has enough templates in both dialects, with unique slugs", () => {
    expect(templatesFor("plain").length).toBeGreaterThanOrEqual(20);
    expect(templatesFor("alt").length).toBeGreaterThanOrEqual(8);
    expect(new Set(TEMPLATES.map((t) => t.slug)).size).toBe(TEMPLATES.length);
  });

  it("follows the file conventions the operators rely on", () => {
    for (const t of TEMPLATES) {
      const lines = t.source.split("\n");
      expect(lines[0], t.slug).toMatch(new RegExp(`^// ${t.name}\\(.*\\) -> \\w+(\\[\\])?: .+`));
      expect(lines[lines.length - 2], t.slug).toBe(`module.exports = { ${t.name} };`);
      expect(t.source.endsWith("\n")).toBe(true);
      // No recursion: with every loop counted, nothing in a template (or an edit of it) can hang.
      expect(lines.slice(2, -2).join("\n"), t.slug).not.toContain(`${t.name}(`);
      if (t.dialect === "alt") expect(lines[1]).toMatch(/^const \w+ = \(/);
      else expect(lines[1]).toMatch(/^function \w+\(/);
    }
  });

  it("answers its own cases quickly, without throwing, the same way every time", () => {
    const sandbox = new TestSandbox();
    for (const t of TEMPLATES) {
      for (let seed = 0; seed < 5; seed++) {
        const cases = drawCases(t, createRng(seed).fork(t.slug));
        expect(cases.length, t.slug).toBeGreaterThanOrEqual(6);
        // Within 100 loop iterations per call: the generator's runaway budget (300) leaves room.
        const first = sandbox.evaluate(t.source, t.name, cases, { maxLoopIterations: 100 });
        expect(first.filter((r) => !r.passed).map((r) => r.message), t.slug).toEqual([]);
        expect(sandbox.evaluate(t.source, t.name, cases).map((r) => r.value)).toEqual(first.map((r) => r.value));
      }
    }
  });

  it("lets every bug family be injected in both dialects", () => {
    const sandbox = new TestSandbox();
    for (const dialect of ["plain", "alt"] as const) {
      for (const family of BUG_FAMILIES) {
        const raw = templatesFor(dialect).filter((t) => bugSites(t.source, family).length > 0);
        const usable = templatesFor(dialect).filter((t) => screenedSites(t, family, sandbox, 2).length > 0);
        expect(raw.length, `${dialect} ${family}`).toBeGreaterThan(0);
        expect(usable.length, `${dialect} ${family}`).toBeGreaterThan(dialect === "plain" ? 2 : 1);
      }
    }
  });
});
