import { describe, expect, it } from "vitest";
import { JobTemplateSpec, type JobTemplateInput } from "./pure/template-schema";
import { renderCommand, validateParams, type RecordLookup } from "./render-command";

const builtins = { node: "/usr/bin/node", home: "/srv/lab", job: "j1", job_dir: "/data/jobs/j1", harness_dir: "/data/jobs/j1/harness", experiment: "exp", run: "job-j1" };
const known: Record<string, string[]> = { checkpoint: ["ck-1"], harness_version: ["h2", "-h-dash"], proposal: ["p1"] };
const exists: RecordLookup = (type, id) => known[type]?.includes(id) ?? false;

const template = (input: Partial<JobTemplateInput> = {}) =>
  JobTemplateSpec.parse({
    name: "t", kind: "custom",
    command: ["{node}", "{home}/bin/run.mjs", "train", "--checkpoint={checkpoint}", "--harness={harness_version}", "--epoch={epoch}", "--note", "{note}"],
    placeholders: {
      checkpoint: { type: "checkpoint", optional: true },
      harness_version: { type: "harness_version" },
      epoch: { type: "epoch", min: 1, max: 10, default: 1 },
      note: { type: "string", pattern: "[^\\n]*", maxLength: 200, default: "none" },
    },
    ...input,
  });

const render = (params: unknown, spec = template()) => renderCommand(spec, params, { builtins, exists });

describe("renderCommand", () => {
  it("substitutes inside argv items and fills defaults", () => {
    const out = render({ checkpoint: "ck-1", harness_version: "h2", epoch: "3" });
    expect(out).toEqual({
      ok: true,
      argv: ["/usr/bin/node", "/srv/lab/bin/run.mjs", "train", "--checkpoint=ck-1", "--harness=h2", "--epoch=3", "--note", "none"],
      env: {}, cwd: null, values: { checkpoint: "ck-1", harness_version: "h2", epoch: "3", note: "none" },
    });
  });

  it("drops an item whose optional placeholder is empty (a form's empty field included)", () => {
    for (const checkpoint of [undefined, ""]) {
      const out = render({ checkpoint, harness_version: "h2" });
      expect(out.ok && out.argv).toEqual(["/usr/bin/node", "/srv/lab/bin/run.mjs", "train", "--harness=h2", "--epoch=1", "--note", "none"]);
    }
  });

  it.each([
    ["; rm -rf /", "; rm -rf /"],
    ["$(touch /tmp/pwned)", "$(touch /tmp/pwned)"],
    ["`id`", "`id`"],
    ["a b  c", "a b  c"],
    [`it's "quoted"`, `it's "quoted"`],
    ["x --flag", "x --flag"],
  ])("keeps %j as ONE literal argument", (value, expected) => {
    const out = render({ checkpoint: "ck-1", harness_version: "h2", note: value });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.argv).toHaveLength(8);
    expect(out.argv[7]).toBe(expected);
  });

  it.each([
    ["--rm", 'must not begin with "-"'],
    ["-x", 'must not begin with "-"'],
    ["two\nlines", "must not contain a newline"],
    ["cr\rhere", "must not contain a newline"],
    ["nul\u0000byte", "must not contain NUL"],
    ["tab\there", "control characters"],
  ])("refuses the value %j with a reason naming the parameter", (value, reason) => {
    const out = render({ harness_version: "h2", note: value });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems).toEqual([{ param: "note", message: expect.stringContaining(reason) }]);
  });

  it("lets a string placeholder allow a leading dash when it says so", () => {
    const spec = template({ placeholders: { harness_version: { type: "harness_version" }, note: { type: "string", pattern: ".*", allowDash: true } } as never, command: ["{node}", "{note}", "{harness_version}"] });
    const out = render({ harness_version: "h2", note: "--verbose" }, spec);
    expect(out.ok && out.argv).toEqual(["/usr/bin/node", "--verbose", "h2"]);
  });

  it("refuses ids that do not exist in the experiment, and ids that look like options even when they exist", () => {
    const out = render({ harness_version: "h9", checkpoint: "other-exp-ck" });
    expect(!out.ok && out.problems).toEqual([
      { param: "checkpoint", message: 'checkpoint "other-exp-ck" does not exist in this experiment' },
      { param: "harness_version", message: 'harness version "h9" does not exist in this experiment' },
    ]);
    const dash = render({ harness_version: "-h-dash" });
    expect(!dash.ok && dash.problems[0]).toEqual({ param: "harness_version", message: 'must not begin with "-" (it would read as an option)' });
  });

  it.each([
    ["12abc", "must be a whole number"],
    ["-1", "must be a whole number"],
    ["+3", "must be a whole number"],
    [" 3", "must be a whole number"],
    ["1e3", "must be a whole number"],
    [2.5, "must be a whole number"],
    ["11", "between 1 and 10"],
    [0, "between 1 and 10"],
  ])("refuses the epoch %j", (epoch, reason) => {
    const out = render({ harness_version: "h2", epoch });
    expect(!out.ok && out.problems[0]).toEqual({ param: "epoch", message: expect.stringContaining(reason) });
  });

  it("reports a missing required parameter, an unknown one and a non-object before rendering anything", () => {
    const out = render({ epoch: 2, surprise: "x" });
    expect(!out.ok && out.problems).toEqual([
      { param: "surprise", message: "is not a placeholder of this template" },
      { param: "harness_version", message: "is required" },
    ]);
    expect(render(["h2"])).toEqual({ ok: false, problems: [{ param: "params", message: "must be an object of placeholder names to values" }] });
  });

  it("checks benchmarks, enums and patterns", () => {
    const spec = JobTemplateSpec.parse({
      name: "t", kind: "evaluate", command: ["{node}", "--b={benchmark}", "--m={mode}", "--tag={tag}"],
      placeholders: {
        benchmark: { type: "benchmark", options: ["mini-pro", "all"] },
        mode: { type: "enum", values: ["fast", "full"], default: "fast" },
        tag: { type: "string", pattern: "[a-z]{1,8}", default: "x" },
      },
    });
    const ok = render({ benchmark: "mini-pro", mode: "full", tag: "abc" }, spec);
    expect(ok.ok && ok.argv).toEqual(["/usr/bin/node", "--b=mini-pro", "--m=full", "--tag=abc"]);
    const bad = render({ benchmark: "mini;pro", mode: "turbo", tag: "ABC" }, spec);
    expect(!bad.ok && bad.problems.map((p) => p.param)).toEqual(["benchmark", "mode", "tag"]);
    const notOption = render({ benchmark: "swe" }, spec);
    expect(!notOption.ok && notOption.problems[0].message).toBe("must be one of mini-pro, all");
  });

  it("renders env values with placeholders and the working directory from server values", () => {
    const spec = template({ env: { EPOCH: "{epoch}", NOTE: "n={note}", CK: "{checkpoint}" }, cwd: "{job_dir}" });
    const out = render({ harness_version: "h2", epoch: 4 }, spec);
    expect(out.ok && { env: out.env, cwd: out.cwd }).toEqual({ env: { EPOCH: "4", NOTE: "n=none" }, cwd: "/data/jobs/j1" });
  });

  it("validateParams alone returns the values that would be substituted", () => {
    expect(validateParams(template(), { harness_version: "h2", epoch: 7 }, exists)).toEqual({ ok: true, values: { harness_version: "h2", epoch: "7", note: "none" } });
  });
});
