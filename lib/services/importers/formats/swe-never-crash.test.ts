// Malformed content in a file a SWE reader recognises ends in an ImportProblem, never a TypeError:
// the real files and our fixtures with a few values swapped for values of other types, chosen by a
// seeded generator so that a failure reproduces.
import { describe, expect, it } from "vitest";
import { ImportProblem, type FormatReader, type PeekedFile } from "../types";
import { miniSweAgentReader } from "./mini-swe-agent";
import { sweAgentReader } from "./swe-agent";
import { sweBenchReportReader } from "./swebench-report";
import { sweSidecarReader } from "./swe-sidecars";
import { peekFixture, peekJson, peekReal, realFiles } from "./swe-test-files";

const REPLACEMENTS: unknown[] = [null, 7, -1, 1.5, "x", "", true, [], {}, [null], { a: null }];

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A copy of `json` with three values replaced: half of them among the shallow fields (the ones a
 * reader walks: messages, steps, info, their keys), half anywhere in the tree.
 */
function mutate(json: unknown, random: () => number): unknown {
  const copy = structuredClone(json);
  const all: Array<[Record<string | number, unknown>, string | number]> = [];
  const shallow: typeof all = [];
  const walk = (value: unknown, depth: number) => {
    const visit = (parent: never, key: string | number, child: unknown) => {
      all.push([parent, key]);
      if (depth <= 3) shallow.push([parent, key]);
      walk(child, depth + 1);
    };
    if (Array.isArray(value)) value.forEach((item, i) => visit(value as never, i, item));
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value)) visit(value as never, key, (value as Record<string, unknown>)[key]);
    }
  };
  walk(copy, 0);
  for (let n = 0; n < 3 && all.length > 0; n++) {
    const pool = random() < 0.5 && shallow.length > 0 ? shallow : all;
    const [parent, key] = pool[Math.floor(random() * pool.length)]!;
    parent[key] = REPLACEMENTS[Math.floor(random() * REPLACEMENTS.length)];
  }
  return copy;
}

const inputs: Array<[FormatReader, PeekedFile]> = [
  ...realFiles("mini-swe-agent-v1", ".traj.json").filter((n) => !n.includes("psf__")).map((n) => [miniSweAgentReader, peekReal(n)] as [FormatReader, PeekedFile]),
  ...realFiles("swe-agent-traj", ".traj").map((n) => [sweAgentReader, peekReal(n)] as [FormatReader, PeekedFile]),
  ...realFiles("swebench-eval", ".json").map((n) => [sweBenchReportReader, peekReal(n)] as [FormatReader, PeekedFile]),
  [miniSweAgentReader, peekFixture("mini-swe-agent-1.1.traj.json")],
  [sweAgentReader, peekFixture("swe-agent-query.traj")],
  [sweBenchReportReader, peekFixture("wrapped/report.json", "logs/x/report.json")],
  [sweSidecarReader, peekJson("preds.json", { "a__b-1": { instance_id: "a__b-1", model_patch: "diff", model_name_or_path: "m" } })],
];

describe("SWE readers never crash on wrong types", () => {
  for (const [reader, file] of inputs) {
    it(`${reader.name}: ${file.name.split("/").pop()}`, () => {
      const random = seeded(file.name.length * 7919);
      for (let round = 0; round < 60; round++) {
        const mangled = peekJson(file.name, mutate(file.json, random));
        let claimed = false;
        expect(() => (claimed = reader.detect(mangled))).not.toThrow();
        if (!claimed) continue;
        try {
          reader.read(mangled);
        } catch (error) {
          expect(error, `round ${round}: ${String(error)}`).toBeInstanceOf(ImportProblem);
        }
      }
    });
  }
});
