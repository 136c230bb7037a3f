import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  it("ignores key order at every depth and drops undefined", () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: "x" }, u: undefined };
    const b = { a: { c: "x", d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}');
  });

  it("keeps array order and distinguishes values", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({ a: 0 }));
    expect(canonicalJson([undefined])).toBe("[null]");
  });
});
