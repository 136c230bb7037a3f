// Across the four SWE readers: every real file is claimed by the one reader it belongs to, and the
// files of other agents (OpenHands event lists, Inspect logs) by none of them.
import { describe, expect, it } from "vitest";
import { miniSweAgentReader } from "./mini-swe-agent";
import { sweAgentReader } from "./swe-agent";
import { sweBenchReportReader } from "./swebench-report";
import { sweSidecarReader } from "./swe-sidecars";
import { allRealFiles, peekReal } from "./swe-test-files";

const READERS = [miniSweAgentReader, sweAgentReader, sweBenchReportReader, sweSidecarReader];

function expectedReader(name: string): string | null {
  if (name.startsWith("openhands-events/") || name.startsWith("inspect-ai/")) return null;
  if (name.endsWith(".traj.json")) return miniSweAgentReader.name;
  if (name.endsWith(".traj")) return sweAgentReader.name;
  if (name.startsWith("swebench-eval/")) return sweBenchReportReader.name;
  if (name.endsWith(".yaml") || name.endsWith(".jsonl")) return sweSidecarReader.name;
  throw new Error(`no expectation for ${name}`);
}

describe("SWE readers claim only their own files", () => {
  const files = allRealFiles();

  it("sees every shared real file", () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  for (const name of files) {
    it(name, () => {
      const file = peekReal(name);
      const claimed = READERS.filter((r) => r.detect(file)).map((r) => r.name);
      const expected = expectedReader(name);
      expect(claimed).toEqual(expected === null ? [] : [expected]);
      // A claimed file reads without problems.
      for (const reader of READERS.filter((r) => r.detect(file))) expect(() => reader.read(file)).not.toThrow();
    });
  }
});
