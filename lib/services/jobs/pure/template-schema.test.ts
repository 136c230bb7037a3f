import { describe, expect, it } from "vitest";
import { firstIssue, JobTemplateSpec, type JobTemplateInput } from "./template-schema";
import { REFERENCE_TEMPLATES } from "../reference-templates";

const base: JobTemplateInput = {
  name: "t",
  kind: "custom",
  command: ["{node}", "run.js", "--epoch={epoch}"],
  placeholders: { epoch: { type: "epoch", default: 1 } },
};

const problem = (input: unknown) => {
  const parsed = JobTemplateSpec.safeParse(input);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe("JobTemplateSpec", () => {
  it("accepts a template and fills defaults (bounds, empty env, no resources)", () => {
    const spec = JobTemplateSpec.parse(base);
    expect(spec.placeholders.epoch).toMatchObject({ type: "epoch", min: 0, max: 100_000, default: 1 });
    expect(spec.env).toEqual({});
    expect(spec.resources).toEqual({});
  });

  it("accepts every preinstalled reference template", () => {
    for (const [id, template] of Object.entries(REFERENCE_TEMPLATES)) expect(problem(template), id).toBeNull();
  });

  it.each([
    ["a shell string instead of an argv array", { ...base, command: "node run.js; rm -rf /" }, /command/],
    ["an empty command", { ...base, command: [] }, /command/],
    ["an undeclared placeholder", { ...base, command: ["{node}", "--x={nope}"] }, /\{nope\} is not a declared placeholder/],
    ["a placeholder choosing the program", { ...base, command: ["{epoch}", "x"] }, /command\.0: \{epoch\} may not appear here/],
    ["a placeholder in the working directory", { ...base, cwd: "/tmp/{epoch}" }, /cwd: \{epoch\} may not appear here/],
    ["an unbalanced brace", { ...base, command: ["{node}", "--x={epoch"] }, /does not start a \{placeholder\}/],
    ["a stray closing brace", { ...base, command: ["{node}", "a}b"] }, /closes nothing/],
    ["a newline in an argument", { ...base, command: ["{node}", "a\nb"] }, /control characters/],
    ["a NUL in an argument", { ...base, command: ["{node}", "a\u0000b"] }, /control characters/],
    ["a placeholder named like a server value", { ...base, placeholders: { run: { type: "seed" } }, command: ["{node}"] }, /filled in by the server/],
    ["a bad placeholder name", { ...base, placeholders: { "Bad-Name": { type: "seed" } } }, /lower-case/],
    ["a default out of bounds", { ...base, placeholders: { epoch: { type: "epoch", min: 1, max: 5, default: 9 } } }, /default must lie within/],
    ["min above max", { ...base, placeholders: { epoch: { type: "epoch", min: 5, max: 1 } } }, /min must not exceed max/],
    ["a repeats bound below 1", { ...base, placeholders: { epoch: { type: "repeats", min: 0 } } }, /placeholders\.epoch\.min/],
    ["a benchmark option with a shell character", { ...base, placeholders: { b: { type: "benchmark", options: ["ok", "a;b"] } } }, /label/],
    ["an enum default that is not a value", { ...base, placeholders: { e: { type: "enum", values: ["a", "b"], default: "c" } } }, /default must be one of the values/],
    ["an invalid pattern", { ...base, placeholders: { s: { type: "string", pattern: "(" } } }, /valid regular expression/],
    ["a string default that misses its pattern", { ...base, placeholders: { s: { type: "string", pattern: "[a-z]+", default: "A1" } } }, /default must match/],
    ["an unknown placeholder type", { ...base, placeholders: { x: { type: "shell" } } }, /placeholders\.x/],
    ["a HARNESS_LAB_ variable in env", { ...base, env: { HARNESS_LAB_TOKEN: "x" } }, /set by the server/],
    ["an env name that is not a name", { ...base, env: { "A B": "x" } }, /environment variable name/],
    ["a partition with a space", { ...base, resources: { partition: "gpu fast" } }, /partition/],
    ["memory in free text", { ...base, resources: { memory: "4 gigs" } }, /memory/],
    ["zero CPUs", { ...base, resources: { cpus: 0 } }, /cpus/],
    ["a time limit over a year", { ...base, resources: { timeLimitMinutes: 10_000_000 } }, /timeLimitMinutes/],
    ["an unknown executor", { ...base, resources: { executor: "kubernetes" } }, /executor/],
    ["an unknown kind", { ...base, kind: "deploy" }, /kind/],
    ["an unknown field", { ...base, shell: true }, /shell|Unrecognized/i],
  ])("refuses %s", (_name, input, message) => {
    expect(problem(input)).toMatch(message);
  });

  it("allows literal braces written doubled, and placeholders in env values", () => {
    expect(problem({ ...base, command: ["{node}", "-e", "console.log({{a: 1}})"], env: { EPOCH: "{epoch}" } })).toBeNull();
  });
});
