import { describe, expect, it } from "vitest";
import { harnessR1Path } from "../http/page-links";
import { parseHarnessR1View } from "./view-params";

describe("parseHarnessR1View", () => {
  it("keeps single values, skips empty ones and ignores unknown keys", () => {
    expect(parseHarnessR1View({ base: "H0", patched: "", full: "a:b/c", other: "x" })).toEqual({ view: { base: "H0", full: "a:b/c" }, problems: [] });
  });

  it("names the parameter given twice or too long", () => {
    expect(parseHarnessR1View({ base: ["a", "b"], checkpoint: "x".repeat(1025) })).toEqual({
      view: {}, problems: ["base: give one value", "checkpoint: must be at most 1024 characters"],
    });
  });

  it("round-trips through the page address, ids with ':', '/', spaces, '&' and '%' included", () => {
    const view = { base: "e:H0", patched: "e:H0+patch/full", full: "a b&c=d", checkpoint: "50%" };
    const href = harnessR1Path("exp/1", view);
    expect(href).toBe("/experiments/exp%2F1/harness-r1?base=e%3AH0&patched=e%3AH0%2Bpatch%2Ffull&full=a%20b%26c%3Dd&checkpoint=50%25");
    const params = new URL(href, "http://x").searchParams;
    expect(parseHarnessR1View(Object.fromEntries(params))).toEqual({ view, problems: [] });
    expect(harnessR1Path("e")).toBe("/experiments/e/harness-r1");
  });
});
