import { describe, expect, it } from "vitest";
import { eventHash, sortKeysDeep } from "./canonical-json";

const canonicalJson = (value: unknown) => JSON.stringify(sortKeysDeep(value));

describe("sortKeysDeep", () => {
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

describe("eventHash", () => {
  const long = "x".repeat(100);
  it("is the same for the same content and differs on any change", () => {
    const event = { type: "rollout", id: "r", turns: [{ content: long, n: 1, ok: true, none: null }] };
    expect(eventHash(event)).toBe(eventHash(structuredClone(event)));
    expect(eventHash(event)).not.toBe(eventHash({ ...event, id: "s" }));
    expect(eventHash(event)).not.toBe(eventHash({ ...event, turns: [{ ...event.turns[0], content: `${long}y` }] }));
    expect(eventHash(event)).not.toBe(eventHash({ ...event, turns: [{ ...event.turns[0], n: 2 }] }));
  });

  it("cannot be fooled by moving characters between neighbouring strings", () => {
    expect(eventHash({ type: "t", a: ["ab", "c"] })).not.toBe(eventHash({ type: "t", a: ["a", "bc"] }));
    expect(eventHash({ type: "t", a: [long + "a", "b"] })).not.toBe(eventHash({ type: "t", a: [long, "ab"] }));
    expect(eventHash({ type: "t", a: "1" })).not.toBe(eventHash({ type: "t", a: 1 }));
  });

  it("ignores fields that are undefined", () => {
    expect(eventHash({ type: "t", a: 1, b: undefined })).toBe(eventHash({ type: "t", a: 1 }));
  });
});
