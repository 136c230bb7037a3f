import { describe, expect, it } from "vitest";
import { sweBenchReportReader } from "./swebench-report";
import { peekFixture, peekJson, peekReal, problemOf, realFiles } from "./swe-test-files";

// As SOURCES.md lists them for the five instances of the mini-swe-agent run.
const RESOLVED = ["django__django-11099", "astropy__astropy-12907", "psf__requests-1142"];
const UNRESOLVED = ["astropy__astropy-14182", "django__django-10999"];
const RUN_REPORT = "swebench-eval/sb-cli-reports/swe-bench_verified__test__20251118_mini-v1.15.0_gemini-3-pro-preview-20251118.json";

describe("SWE-bench per-instance reports without the wrapper (the real logs/<id>/report.json)", () => {
  const files = realFiles("swebench-eval/logs", "report.json");

  it("finds the five reports", () => {
    expect(files).toHaveLength(5);
  });

  for (const name of files) {
    it(`${name.split("/").at(-2)}: one verdict named by the folder, success = resolved, with the test lists`, () => {
      const file = peekReal(name);
      const json = file.json as Record<string, any>;
      expect(sweBenchReportReader.detect(file)).toBe(true);
      const parsed = sweBenchReportReader.read(file);
      expect(parsed.format).toBe("swebench-report");
      expect(parsed.rollouts).toEqual([]);
      const verdicts = parsed.reports.flatMap((r) => r.verdicts);
      expect(verdicts).toHaveLength(1);
      const verdict = verdicts[0]!;
      expect(verdict.instanceId).toBe(name.split("/").at(-2));
      expect(verdict.success).toBe(json.resolved);
      expect(verdict.status).toBe(json.resolved ? "resolved" : "unresolved");
      expect(verdict.details).toEqual({
        tests_status: json.tests_status,
        patch_is_None: json.patch_is_None,
        patch_exists: json.patch_exists,
        patch_successfully_applied: json.patch_successfully_applied,
      });
    });
  }

  it("agrees with SOURCES.md on which of the five were resolved", () => {
    const verdicts = files.flatMap((name) => sweBenchReportReader.read(peekReal(name)).reports[0]!.verdicts);
    expect(verdicts.filter((v) => v.success).map((v) => v.instanceId).sort()).toEqual([...RESOLVED].sort());
    expect(verdicts.filter((v) => !v.success).map((v) => v.instanceId).sort()).toEqual([...UNRESOLVED].sort());
  });

  it("needs a folder to name the instance of a bare report", () => {
    const file = peekJson("report.json", { resolved: true, tests_status: {} });
    expect(sweBenchReportReader.detect(file)).toBe(true);
    expect(problemOf(() => sweBenchReportReader.read(file)).field).toBe("file");
  });
});

describe("SWE-bench per-instance report with the {instance_id: …} wrapper (fixture)", () => {
  const file = peekFixture("wrapped/report.json", "logs/run_evaluation/demo/some-model/not-the-id/report.json");
  const json = file.json as Record<string, Record<string, any>>;
  const [id, report] = Object.entries(json)[0]!;

  it("takes the instance from the key, not the folder, and keeps the failing test lists", () => {
    expect(sweBenchReportReader.detect(file)).toBe(true);
    const verdicts = sweBenchReportReader.read(file).reports[0]!.verdicts;
    const { resolved, ...details } = report;
    expect(verdicts).toEqual([{ instanceId: id, success: resolved, status: "unresolved", details }]);
    expect(verdicts[0]!.details!.tests_status).toMatchObject({ FAIL_TO_PASS: { failure: report.tests_status.FAIL_TO_PASS.failure } });
  });

  it("calls a missing patch an empty patch", () => {
    const verdict = sweBenchReportReader.read(peekJson("report.json", { "a__b-1": { patch_is_None: true, patch_exists: false, resolved: false } })).reports[0]!.verdicts[0]!;
    expect(verdict).toMatchObject({ instanceId: "a__b-1", success: false, status: "empty_patch" });
  });
});

describe("SWE-bench run-level reports", () => {
  const file = peekReal(RUN_REPORT);
  const json = file.json as Record<string, any>;
  const parsed = sweBenchReportReader.read(file);
  const report = parsed.reports[0]!;

  it("gives one verdict per instance: 500, of which 371 resolved", () => {
    expect(sweBenchReportReader.detect(file)).toBe(true);
    expect(parsed.format).toBe("swebench-run-report");
    expect(report.verdicts).toHaveLength(json.total_instances);
    expect(report.verdicts).toHaveLength(500);
    expect(report.verdicts.filter((v) => v.success)).toHaveLength(371);
    expect(new Set(report.verdicts.map((v) => v.instanceId)).size).toBe(500);
    expect(report.verdicts.filter((v) => v.status === "unresolved")).toHaveLength(json.unresolved_ids.length);
    for (const verdict of report.verdicts) expect(verdict.success).toBe(verdict.status === "resolved");
  });

  it("states the summary numbers it reports", () => {
    expect(report.reported).toMatchObject({ total_instances: 500, resolved_instances: 371, unresolved_instances: json.unresolved_instances });
    expect(report.reported!.schema_version).toBeUndefined();
  });

  it("agrees with the per-instance reports of the same run", () => {
    const byId = new Map(report.verdicts.map((v) => [v.instanceId, v.success]));
    for (const name of realFiles("swebench-eval/logs", "report.json")) {
      const perInstance = sweBenchReportReader.read(peekReal(name)).reports[0]!.verdicts[0]!;
      expect(byId.get(perInstance.instanceId), perInstance.instanceId).toBe(perInstance.success);
    }
    for (const id of RESOLVED) expect(byId.get(id)).toBe(true);
    for (const id of UNRESOLVED) expect(byId.get(id)).toBe(false);
  });

  it("reads the older harness run report: error, empty patch and incomplete instances fail, only resolved succeed", () => {
    const harness = {
      total_instances: 6, submitted_instances: 5, completed_instances: 3, resolved_instances: 1, unresolved_instances: 2,
      empty_patch_instances: 1, error_instances: 1,
      completed_ids: ["a__a-1", "b__b-2", "c__c-3"], incomplete_ids: ["f__f-6"], empty_patch_ids: ["d__d-4"],
      submitted_ids: ["a__a-1", "b__b-2", "c__c-3", "d__d-4", "e__e-5"], resolved_ids: ["a__a-1"], unresolved_ids: ["b__b-2", "c__c-3"],
      error_ids: ["e__e-5"], schema_version: 2,
    };
    const verdicts = sweBenchReportReader.read(peekJson("claude.run-1.json", harness)).reports[0]!.verdicts;
    expect(Object.fromEntries(verdicts.map((v) => [v.instanceId, [v.status, v.success]]))).toEqual({
      "a__a-1": ["resolved", true], "b__b-2": ["unresolved", false], "c__c-3": ["unresolved", false],
      "d__d-4": ["empty_patch", false], "e__e-5": ["error", false], "f__f-6": ["incomplete", false],
    });
  });
});

describe("SWE-bench reports: detection and malformed files", () => {
  it("does not claim trajectories, preds, OpenHands or Inspect files", () => {
    const others = [
      ...realFiles("mini-swe-agent-v1", ".json"), ...realFiles("swe-agent-traj", ".traj"), ...realFiles("swe-agent-traj", ".jsonl"),
      ...realFiles("openhands-events", ".json"), ...realFiles("inspect-ai", ".json"),
    ];
    for (const name of others) expect(sweBenchReportReader.detect(peekReal(name)), name).toBe(false);
    expect(sweBenchReportReader.detect(peekJson("preds.json", { "a__b-1": { instance_id: "a__b-1", model_patch: "", model_name_or_path: "m" } }))).toBe(false);
  });

  const cases: Array<[string, string, unknown, string]> = [
    ["resolved that is not a boolean (bare)", "logs/a__b-1/report.json", { resolved: "yes", tests_status: {} }, "resolved"],
    ["resolved that is not a boolean (wrapped)", "report.json", { "a__b-1": { resolved: 1, patch_exists: true } }, "a__b-1.resolved"],
    ["a wrapped value that is not an object", "report.json", { "a__b-1": { resolved: true, tests_status: {} }, "c__d-2": "resolved" }, "c__d-2"],
    ["a test list that is not a list", "logs/a__b-1/report.json", { resolved: false, tests_status: { FAIL_TO_PASS: { success: "t1", failure: [] } } }, "tests_status.FAIL_TO_PASS.success"],
    ["a test name that is not text", "logs/a__b-1/report.json", { resolved: false, tests_status: { PASS_TO_PASS: { success: [], failure: [null] } } }, "tests_status.PASS_TO_PASS.failure.0"],
    ["a patch flag that is not a boolean", "logs/a__b-1/report.json", { resolved: false, patch_exists: "no" }, "patch_exists"],
    ["an id list that is not a list", "run.json", { resolved_ids: ["a"], unresolved_ids: "b" }, "unresolved_ids"],
    ["an id that is not text", "run.json", { resolved_ids: ["a", 7], total_instances: 2 }, "resolved_ids.1"],
    ["a count that is not a number", "run.json", { resolved_ids: [], total_instances: "500" }, "total_instances"],
  ];
  for (const [what, name, json, field] of cases) {
    it(`${what} → ${field}`, () => {
      const file = peekJson(name, json);
      expect(sweBenchReportReader.detect(file)).toBe(true);
      expect(problemOf(() => sweBenchReportReader.read(file)).field).toBe(field);
    });
  }
});
