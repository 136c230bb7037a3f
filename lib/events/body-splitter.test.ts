import { describe, expect, it } from "vitest";
import { BodyFormatError, EventBodySplitter } from "./body-splitter";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Feeds `text` in chunks of `size` bytes and returns the parsed events. */
function split(text: string, size: number, max = 1 << 20): unknown[] {
  const bytes = enc.encode(text);
  const splitter = new EventBodySplitter(max);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(...splitter.push(bytes.subarray(i, i + size)));
  out.push(...splitter.finish());
  return out.map((b) => JSON.parse(dec.decode(b)));
}

const events = [
  { type: "task", id: "a", key: "k]{,\"", benchmark: "b" },
  { type: "run", nested: { deep: [1, { x: "}" }] }, text: "héllo ✓ 🚀" },
  { type: "x", escaped: "quote \\\" and backslash \\\\" },
];

describe("EventBodySplitter", () => {
  it.each([1, 2, 3, 7, 64, 4096])("splits a JSON array whatever the chunk size (%i bytes)", (size) => {
    expect(split(JSON.stringify(events, null, 2), size)).toEqual(events);
  });

  it.each([1, 5, 4096])("splits NDJSON, with or without a final newline (%i bytes)", (size) => {
    const ndjson = events.map((e) => JSON.stringify(e)).join("\n");
    expect(split(ndjson, size)).toEqual(events);
    expect(split(`${ndjson}\n\n`, size)).toEqual(events);
  });

  it("accepts an empty array", () => {
    expect(split("  [ ]  ", 1)).toEqual([]);
  });

  it.each([
    ["a bare value", "42", /JSON array of events or NDJSON/],
    ["a number inside the array", "[1]", /each element must be an event object/],
    ["a trailing comma", '[{"a":1},]', /unexpected "\]"/],
    ["an unclosed array", '[{"a":1}', /not closed/],
    ["content after the array", '[{"a":1}] x', /after the closing/],
  ])("refuses %s", (_name, body, message) => {
    expect(() => split(body, 3)).toThrow(message);
  });

  it("refuses an event over the size limit without buffering the rest", () => {
    const big = JSON.stringify([{ type: "rollout", content: "x".repeat(5000) }]);
    expect(() => split(big, 100, 1000)).toThrow(BodyFormatError);
  });
});
