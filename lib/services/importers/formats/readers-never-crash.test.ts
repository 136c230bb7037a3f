// Malformed content in a recognised file must end in an ImportProblem naming a field, never in a
// TypeError: real files (and the output.jsonl fixture) with a few values swapped for nulls, numbers,
// strings, lists or objects, chosen by a seeded generator so a failure reproduces.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportProblem, type FormatReader, type PeekedFile } from "../types";
import { inspectLogReader } from "./inspect-ai";
import { openHandsEventsReader } from "./openhands";
import { openHandsOutputReader } from "./openhands-output";
import { peekJson, peekText, realFile } from "./reader-test-files.test-helper";

const REPLACEMENTS: unknown[] = [null, 7, -1, 1.5, "x", "", true, [], {}, [null], { a: null }];

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A copy of `json` with three values (anywhere in the tree) replaced. */
function mutate(json: unknown, random: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(json));
  const slots: Array<[Record<string | number, unknown>, string | number]> = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach((item, i) => { slots.push([value as never, i]); walk(item); });
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value)) { slots.push([value as never, key]); walk((value as Record<string, unknown>)[key]); }
    }
  };
  walk(copy);
  for (let n = 0; n < 3; n++) {
    const [parent, key] = slots[Math.floor(random() * slots.length)];
    parent[key] = REPLACEMENTS[Math.floor(random() * REPLACEMENTS.length)];
  }
  return copy;
}

function outcome(reader: FormatReader, file: PeekedFile): "read" | "problem" | "skipped" {
  if (!reader.detect(file)) return "skipped";
  try {
    reader.read(file);
    return "read";
  } catch (error) {
    if (error instanceof ImportProblem && error.field !== "" && error.reason !== "") return "problem";
    throw error;
  }
}

describe("the OpenHands and Inspect AI readers on mangled files", () => {
  it.each([
    ["openhands-events/basic.json", openHandsEventsReader],
    ["openhands-events/basic_gui_mode.json", openHandsEventsReader],
    ["inspect-ai/log_formats.json", inspectLogReader],
    ["inspect-ai/2025-05-12T20-27-36-04-00_browser.json", inspectLogReader],
  ] as const)("%s: reads or names a problem", (relative, reader) => {
    const json = realFile(relative).json;
    const random = seeded(relative.length);
    const outcomes = Array.from({ length: 100 }, () => outcome(reader, peekJson(relative, mutate(json, random))));
    expect(outcomes).toContain("problem");
    expect(outcomes).toContain("read");
  });

  it("the output.jsonl reader reads or names a problem", () => {
    const fixture = path.resolve(import.meta.dirname, "../../../../test/fixtures/importers/openhands-output.jsonl");
    const lines = readFileSync(fixture, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
    const random = seeded(7);
    const outcomes = Array.from({ length: 150 }, (_, i) => outcome(openHandsOutputReader,
      peekText("output.jsonl", lines.map((line, j) => JSON.stringify(j === i % lines.length ? mutate(line, random) : line)).join("\n"))));
    expect(outcomes).toContain("problem");
    expect(outcomes).toContain("read");
  });
});
