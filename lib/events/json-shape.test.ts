import { describe, expect, it } from "vitest";
import { validateEvent } from "./contract";
import { isWellFormedText, jsonShapeProblem, MAX_JSON_DEPTH } from "./json-shape";

const nestedArrays = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
const experiment = (fields: Record<string, unknown>) => ({ type: "experiment", id: "e", name: "n", method: "grpo", ...fields });

describe("json shape", () => {
  it("tells lone surrogates from pairs", () => {
    expect(isWellFormedText("a\ud83d\ude00b")).toBe(true);
    expect(isWellFormedText("a\ud800b")).toBe(false);
    expect(isWellFormedText("\udc00\ud800")).toBe(false);
    expect(isWellFormedText("\ud800")).toBe(false);
  });

  it("finds nesting past the limit and names where", () => {
    expect(jsonShapeProblem(nestedArrays(MAX_JSON_DEPTH))).toBeNull();
    const problem = jsonShapeProblem({ a: nestedArrays(MAX_JSON_DEPTH) });
    expect(problem?.message).toBe(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(problem?.path.slice(0, 2)).toEqual(["a", 0]);
    // 100,000 levels: iterative, so no stack overflow here either.
    expect(jsonShapeProblem(nestedArrays(100_000))?.message).toMatch(/deeper/);
  });

  it("finds lone surrogates in values and keys", () => {
    expect(jsonShapeProblem({ a: ["ok", "x\udfff"] })).toMatchObject({ path: ["a", 1] });
    expect(jsonShapeProblem({ ["k\ud800"]: 1 })?.message).toMatch(/^key must be valid Unicode/);
  });
});

describe("the contract refuses what the store could not keep as sent", () => {
  it("refuses deep free-form JSON with a 400-style problem instead of overflowing the stack", () => {
    const deep = { a: nestedArrays(20_000) };
    const result = validateEvent(experiment({ config: deep }), 3);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatchObject({ index: 3, message: `nests deeper than ${MAX_JSON_DEPTH} levels` });
    expect(validateEvent(experiment({ config: { a: nestedArrays(10) } }), 0).ok).toBe(true);
  });

  it("refuses lone surrogates in names, ids, text and free-form keys, naming the field", () => {
    for (const [field, event] of [
      ["name", experiment({ name: "a\ud800" })],
      ["id", experiment({ id: "e\udc00" })],
      ["description", experiment({ description: "\ud800" })],
      ["config.k\ud800", experiment({ config: { ["k\ud800"]: 1 } })],
    ] as const) {
      const result = validateEvent(event, 0);
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.problems[0].path, field).toBe(field);
    }
    expect(validateEvent(experiment({ name: "emoji \ud83d\ude00 ok" }), 0).ok).toBe(true);
  });
});
