import { describe, expect, it } from "vitest";
import { parsePass1Param } from "./pass-at-1-param";

describe("parsePass1Param", () => {
  it("reads run and experiment scopes, ids holding colons, without repeats", () => {
    expect(parsePass1Param([])).toEqual({ ok: true, scopes: null });
    expect(parsePass1Param(["run:a:b/1, experiment:e,run:a:b/1"])).toEqual({
      ok: true, scopes: [{ kind: "run", id: "a:b/1" }, { kind: "experiment", id: "e" }],
    });
  });

  it.each([
    [["run:a", "run:b"], "give it once"],
    [["a"], 'each entry must be run:<id> or experiment:<id>, not "a"'],
    [["job:a"], 'each entry must be run:<id> or experiment:<id>, not "job:a"'],
    [["run:"], 'each entry must be run:<id> or experiment:<id>, not "run:"'],
    [[","], "name at least one run:<id> or experiment:<id>"],
    [[Array.from({ length: 6 }, (_, i) => `run:r${i}`).join(",")], "at most 5 entries"],
    [[`run:${"x".repeat(257)}`], "each id must be at most 256 characters"],
  ])("refuses %j", (values, message) => {
    expect(parsePass1Param(values)).toEqual({ ok: false, message });
  });
});
