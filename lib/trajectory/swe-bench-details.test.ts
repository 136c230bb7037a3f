import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { realTrajectoriesDir } from "@/test/shared-data";
import { readEvaluatorDetails } from "./swe-bench-details";

describe("readEvaluatorDetails", () => {
  it("reads the test lists and flags of a real SWE-bench report", () => {
    const report = JSON.parse(fs.readFileSync(path.join(realTrajectoriesDir, "swebench-eval/logs/psf__requests-1142/report.json"), "utf8"));
    const details = readEvaluatorDetails(report);
    expect(details.lists.map((l) => l.name)).toEqual(["FAIL_TO_PASS", "PASS_TO_PASS"]);
    expect(details.lists[0]).toEqual({ name: "FAIL_TO_PASS", passed: ["test_requests.py::RequestsTestCase::test_no_content_length"], failed: [] });
    expect(details.lists[1].passed).toHaveLength(5);
    expect(details.flags).toContainEqual({ key: "resolved", value: true });
    expect(details.flags).toContainEqual({ key: "patch_successfully_applied", value: true });
  });

  it("reads lists at the top level, in the order people read them, and keeps failures", () => {
    const details = readEvaluatorDetails({
      PASS_TO_PASS: { success: ["a"], failure: ["b"] },
      FAIL_TO_PASS: { success: [], failure: ["c"] },
      PASS_TO_FAIL: { success: [], failure: [] },
    });
    expect(details.lists).toEqual([
      { name: "FAIL_TO_PASS", passed: [], failed: ["c"] },
      { name: "PASS_TO_PASS", passed: ["a"], failed: ["b"] },
    ]);
  });

  it("ignores what is not a test list and copes with no details", () => {
    expect(readEvaluatorDetails(null)).toEqual({ lists: [], flags: [] });
    expect(readEvaluatorDetails({ FAIL_TO_PASS: ["not", "a", "split"], note: { nested: 1 } })).toEqual({ lists: [], flags: [] });
  });

  it("does not show the store's join bookkeeping as an evaluator flag", () => {
    const details = readEvaluatorDetails({ resolved: true, join_attempt: 2 });
    expect(details.flags).toEqual([{ key: "resolved", value: true }]);
  });
});
