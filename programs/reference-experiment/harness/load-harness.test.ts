import { describe, expect, it } from "vitest";
import { HarnessVersionEvent } from "../../../lib/events/experiment-events";
import { applyComponents, toEventFiles } from "./compose";
import { COMPONENTS } from "./components";
import { DEFAULT_HARNESS_CONFIG, H0_TOOLS, h0Files } from "./h0";
import { harnessId, harnessProblems, HarnessLoadError, loadHarness } from "./load-harness";
import type { HarnessFile, ToolApi } from "./types";

const tool = (name: string, body: string): HarnessFile => ({
  path: `tools/${name}.js`, kind: "tool", content: `module.exports = { name: "${name}", run: function (api, args) { ${body} } };`,
});

/** Just enough of a ToolApi for calling tools directly. */
function fakeApi(lines: string[]): ToolApi {
  return { path: "src/f.js", readLines: () => lines, lineCount: () => lines.length } as unknown as ToolApi;
}

describe("loadHarness", () => {
  it("loads H0: its five tools, the prompt with the tool list, the default config, no hooks", () => {
    const h = loadHarness(h0Files());
    expect(h.toolNames).toEqual([...H0_TOOLS]);
    expect(h.config).toEqual(DEFAULT_HARNESS_CONFIG);
    expect(Object.values(h.hooks).every((list) => list.length === 0)).toBe(true);
    expect(h.systemPrompt).toContain("You are a repair agent");
    for (const name of H0_TOOLS) expect(h.systemPrompt).toContain(`- ${name}: `);
  });

  it("runs the tools' JavaScript: view numbers the lines, search finds them", () => {
    const h = loadHarness(h0Files());
    const api = fakeApi(["function f(a) {", "  return a < 1;", "}"]);
    expect(h.tools.view.run(api, {})).toEqual({ output: "File src/f.js (3 lines):\n   1| function f(a) {\n   2|   return a < 1;\n   3| }", returnCode: 0 });
    expect(h.tools.search.run(api, { pattern: "<" })).toEqual({ output: '1 matches for "<":\nsrc/f.js:2:   return a < 1;', returnCode: 0 });
    expect(h.tools.search.run(api, {})).toMatchObject({ returnCode: 2, formatError: true });
  });

  it("evaluates harness code without require or process, with a seedable Math.random", () => {
    const h = loadHarness([
      tool("probe", "return { output: [typeof require, typeof process, typeof globalThis.process, typeof console].join(' '), returnCode: 0 };"),
      tool("dice", "return { output: String(Math.random()), returnCode: 0 };"),
    ]);
    expect(h.tools.probe.run(fakeApi([]), {})).toEqual({ output: "undefined undefined undefined object", returnCode: 0 });
    h.setRandom(() => 0.25);
    expect(h.tools.dice.run(fakeApi([]), {})).toEqual({ output: "0.25", returnCode: 0 });
  });

  it("orders hooks by path within their position and names them after their file", () => {
    const hook = (path: string, position: "pre_action" | "post_feedback"): HarnessFile => ({
      path, kind: "hook", hookPosition: position, content: "module.exports = { run: function () { return null; } };",
    });
    const h = loadHarness([...h0Files(), hook("hooks/b/20-second.js", "pre_action"), hook("hooks/a/10-first.js", "pre_action"), hook("hooks/x.js", "post_feedback")]);
    expect(h.hooks.pre_action.map((k) => k.name)).toEqual(["first", "second"]);
    expect(h.hooks.post_feedback.map((k) => [k.name, k.position])).toEqual([["x", "post_feedback"]]);
  });

  it("loads each distinct file set once, whatever the order of its files", () => {
    const files = h0Files();
    expect(loadHarness(files)).toBe(loadHarness([...files].reverse()));
    expect(harnessId(files)).toBe(harnessId([...files].reverse()));
    expect(harnessId(h0Files({ maxTurns: 30 }))).not.toBe(harnessId(files));
  });

  it("reads config.json over the defaults", () => {
    expect(loadHarness(h0Files({ contextChars: 500, formatRequeries: 0 })).config).toMatchObject({ contextChars: 500, formatRequeries: 0, maxTurns: 12 });
  });

  it("refuses a file set that does not load, listing every problem", () => {
    const bad: HarnessFile[] = [
      { path: "tools/a.js", kind: "tool", content: "module.exports = { run: function ( {" },
      { path: "tools/b.js", kind: "tool", content: "module.exports = { name: 'b' };" },
      { path: "hooks/c.js", kind: "hook", content: "module.exports = { run: function () {} };" },
      { path: "config.json", kind: "config", content: '{ "maxTurns": -1 }' },
    ];
    expect(() => loadHarness(bad)).toThrow(HarnessLoadError);
    const problems = harnessProblems(bad);
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/tools\/a\.js: SyntaxError/);
    expect(problems.join("\n")).toMatch(/tools\/b\.js: exports no run function/);
    expect(problems.join("\n")).toMatch(/hooks\/c\.js: a hook needs a lifecycle position/);
    expect(problems.join("\n")).toMatch(/maxTurns must be an integer/);
    expect(harnessProblems(h0Files())).toEqual([]);
  });

  it("loads H0 with every catalogue component, and its files make a valid harness_version event", () => {
    const files = applyComponents(h0Files(), COMPONENTS);
    const h = loadHarness(files);
    expect(h.toolNames).toEqual(["edit", "run_related_tests", "run_tests", "search", "submit", "view", "view_diff"]);
    const counts = Object.fromEntries(Object.entries(h.hooks).map(([p, list]) => [p, list.length]));
    expect(counts).toEqual({ episode_init: 1, pre_decision: 1, pre_action: 5, post_feedback: 5 });
    const event = HarnessVersionEvent.safeParse({ type: "harness_version", id: "h-all", experiment: "e", label: "all", files: toEventFiles(files) });
    expect(event.success).toBe(true);
  });
});

describe("trusted harnesses", () => {
  it("trusts catalogue code only: H0 and components skip the episode watchdog, other code does not", () => {
    expect(loadHarness(h0Files()).trusted).toBe(true);
    expect(loadHarness(applyComponents(h0Files({ maxTurns: 20 }), COMPONENTS)).trusted).toBe(true);
    expect(loadHarness([...h0Files(), tool("mine", "return 'x';")]).trusted).toBe(false);
  });
});
