import { describe, expect, it } from "vitest";
import { nextEpochAfter, paramField, paramsAsStrings, paramsFromForm, prefillFromQuery } from "./form-params";

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

describe("nextEpochAfter: an epoch field follows the chosen checkpoint", () => {
  it("is the epoch after the checkpoint's, within the placeholder's bounds", () => {
    expect(nextEpochAfter(2, { min: 1, max: 1000 })).toBe("3");
    expect(nextEpochAfter(0, { min: 1, max: 1000 })).toBe("1");
    expect(nextEpochAfter(1000, { min: 1, max: 1000 })).toBe("1000");
  });

  it("leaves the template's default when the checkpoint has no epoch or none is chosen", () => {
    expect(nextEpochAfter(null, { min: 1 })).toBeUndefined();
    expect(nextEpochAfter(undefined, { min: 1 })).toBeUndefined();
  });
});
