import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { isRunName, sweSidecarReader } from "./swe-sidecars";
import { peekJson, peekReal, peekText, problemOf, realFiles } from "./swe-test-files";

describe("exit_statuses_*.yaml (the real mini-swe-agent file)", () => {
  const [name] = realFiles("mini-swe-agent-v1", ".yaml");
  const file = peekReal(name!);
  const doc = parseYaml(file.text!) as { instances_by_exit_status: Record<string, string[]> };
  const parsed = sweSidecarReader.read(file);

  it("gives one fact per listed instance, with its exit status", () => {
    expect(sweSidecarReader.detect(file)).toBe(true);
    expect(parsed.format).toBe("swe-sidecar");
    const expected = Object.entries(doc.instances_by_exit_status).flatMap(([status, ids]) => ids.map((instanceId) => ({ instanceId, exitStatus: status })));
    expect(expected.length).toBeGreaterThan(0);
    expect(parsed.facts).toEqual(expected);
    expect(new Set(parsed.facts.map((f) => f.exitStatus))).toEqual(new Set(Object.keys(doc.instances_by_exit_status)));
  });

  it("is found by its content when renamed, and skips a status without instances", () => {
    const renamed = peekText("statuses.yml", "instances_by_exit_status:\n  Submitted:\n  - a__b-1\n  LimitsExceeded:\n");
    expect(sweSidecarReader.detect(renamed)).toBe(true);
    expect(sweSidecarReader.read(renamed).facts).toEqual([{ instanceId: "a__b-1", exitStatus: "Submitted" }]);
  });
});

describe("all_preds.jsonl (the real SWE-agent file)", () => {
  const [name] = realFiles("swe-agent-traj", ".jsonl");
  const file = peekReal(name!);
  const lines = file.text!.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Record<string, string>);

  it("gives one fact per line with the patch, and no model: its model_name_or_path is the run's name", () => {
    expect(sweSidecarReader.detect(file)).toBe(true);
    expect(sweSidecarReader.read(file).facts).toEqual(
      lines.map((p) => ({ instanceId: p.instance_id, submission: p.model_patch })),
    );
  });

  it("states the same patch as the trajectory of that instance", () => {
    const fact = sweSidecarReader.read(file).facts[0]!;
    const traj = realFiles("swe-agent-traj", ".traj").find((t) => t.endsWith(`/${fact.instanceId}.traj`))!;
    expect((peekReal(traj).json as { info: { submission: string } }).info.submission).toBe(fact.submission);
  });
});

describe("preds.json", () => {
  const preds = {
    "astropy__astropy-12907": { model_name_or_path: "google/gemini-3-pro-preview", instance_id: "astropy__astropy-12907", model_patch: "diff --git a/x b/x\n" },
    "django__django-10999": { model_name_or_path: "google/gemini-3-pro-preview", instance_id: "django__django-10999", model_patch: "" },
  };

  it("reads mini-swe-agent's dictionary form; an empty patch is no submission", () => {
    const file = peekJson("run/preds.json", preds);
    expect(sweSidecarReader.detect(file)).toBe(true);
    expect(sweSidecarReader.read(file).facts).toEqual([
      { instanceId: "astropy__astropy-12907", submission: "diff --git a/x b/x\n", model: "google/gemini-3-pro-preview" },
      { instanceId: "django__django-10999", model: "google/gemini-3-pro-preview" },
    ]);
  });

  it("reads the SWE-bench list form under any name", () => {
    const file = peekJson("predictions.json", Object.values(preds));
    expect(sweSidecarReader.detect(file)).toBe(true);
    expect(sweSidecarReader.read(file).facts.map((f) => f.instanceId)).toEqual(Object.keys(preds));
  });
});

describe("sidecars: detection and malformed files", () => {
  it("does not claim trajectories, reports, OpenHands or Inspect files", () => {
    const others = [
      ...realFiles("mini-swe-agent-v1", ".json"), ...realFiles("swe-agent-traj", ".traj"), ...realFiles("swebench-eval", ".json"),
      ...realFiles("openhands-events", ".json"), ...realFiles("inspect-ai", ".json"),
    ];
    for (const name of others) expect(sweSidecarReader.detect(peekReal(name)), name).toBe(false);
    expect(sweSidecarReader.detect(peekText("config.yaml", "agent:\n  step_limit: 250\n"))).toBe(false);
    expect(sweSidecarReader.detect(peekText("events.jsonl", '{"id": 1, "source": "agent"}\n'))).toBe(false);
  });

  const cases: Array<[string, ReturnType<typeof peekJson>, string]> = [
    ["a status whose instances are not a list", peekText("exit_statuses_1.yaml", "instances_by_exit_status:\n  Submitted: a__b-1\n"), "instances_by_exit_status.Submitted"],
    ["an instance id that is not text", peekText("exit_statuses_1.yaml", "instances_by_exit_status:\n  Submitted:\n  - {a: 1}\n"), "instances_by_exit_status.Submitted.0"],
    ["no instances_by_exit_status", peekText("exit_statuses_1.yaml", "other: 1\n"), "instances_by_exit_status"],
    ["YAML that does not parse", peekText("exit_statuses_1.yaml", "instances_by_exit_status: [unclosed\n"), "file"],
    ["a broken JSONL line", peekText("all_preds.jsonl", '{"instance_id": "a__b-1", "model_patch": ""}\n{oops\n'), "line 2"],
    ["a patch that is not text", peekJson("preds.json", { "a__b-1": { instance_id: "a__b-1", model_patch: 5 } }), "a__b-1.model_patch"],
    ["an instance id that is not text (preds)", peekJson("preds.json", { "a__b-1": { instance_id: 9, model_patch: "" } }), "a__b-1.instance_id"],
    ["a prediction that is not an object", peekJson("preds.json", [{ instance_id: "a", model_patch: "" }, "b"]), "1"],
  ];
  for (const [what, file, field] of cases) {
    it(`${what} → ${field}`, () => {
      expect(sweSidecarReader.detect(file)).toBe(true);
      expect(problemOf(() => sweSidecarReader.read(file)).field).toBe(field);
    });
  }
});

describe("model_name_or_path that is a SWE-agent run name", () => {
  it("is not taken as the model (the real all_preds.jsonl of SWE-agent's test data)", () => {
    const parsed = sweSidecarReader.read(peekReal("swe-agent-traj/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1/all_preds.jsonl"));
    expect(parsed.facts.length).toBeGreaterThan(0);
    for (const fact of parsed.facts) expect(fact.model).toBeUndefined();
    expect(isRunName("gpt4__swe-agent__test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1")).toBe(true);
    expect(isRunName("google/gemini-3-pro-preview")).toBe(false);
    expect(isRunName("claude-3-5-sonnet__20241022")).toBe(false);
  });
});
