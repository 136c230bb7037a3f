import { describe, expect, it } from "vitest";
import { paramField, paramsAsStrings, paramsFromForm, prefillFromQuery } from "./form-params";

describe("launch form parameters", () => {
  it("reads only param.* fields, trims, and leaves empty ones out", () => {
    const form: [string, string][] = [["template", "t"], [paramField("epoch"), " 3 "], [paramField("checkpoint"), ""], [paramField("seed"), "7"]];
    expect(paramsFromForm(form)).toEqual({ epoch: "3", seed: "7" });
  });

  it("prefills only the template's placeholders from the address", () => {
    expect(prefillFromQuery({ template: "t", epoch: "2", harness_version: ["H2", "H3"], evil: "x", seed: "" }, ["epoch", "harness_version", "seed"])).toEqual({ epoch: "2", harness_version: "H2" });
  });

  it("turns stored parameters into text", () => {
    expect(paramsAsStrings({ epoch: 2, h: "H1", gone: null })).toEqual({ epoch: "2", h: "H1" });
    expect(paramsAsStrings(null)).toEqual({});
  });
});
