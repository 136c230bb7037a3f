import { describe, expect, it } from "vitest";
import { crossCostHref, MAX_COMPARED, parseExperimentList } from "./cost-query";

const known = new Set(["a", "b", "c d", ...Array.from({ length: 10 }, (_, i) => `x${i}`)]);

describe("parseExperimentList", () => {
  it("keeps order, trims, drops duplicates and reads comma lists and repeated parameters alike", () => {
    expect(parseExperimentList("b, a,b,,", known)).toEqual({ ids: ["b", "a"], problems: [] });
    expect(parseExperimentList(["a", "c d"], known)).toEqual({ ids: ["a", "c d"], problems: [] });
    expect(parseExperimentList(undefined, known)).toEqual({ ids: [], problems: [] });
  });

  it("names unknown experiments and the limit", () => {
    expect(parseExperimentList("a,nope", known)).toEqual({ ids: ["a"], problems: ["experiments: no experiment “nope”"] });
    const many = parseExperimentList(Array.from({ length: 10 }, (_, i) => `x${i}`).join(","), known);
    expect(many.ids).toHaveLength(MAX_COMPARED);
    expect(many.problems).toEqual([`experiments: at most ${MAX_COMPARED} side by side`]);
  });

  it("builds the address the parser reads back", () => {
    const href = crossCostHref(["c d", "a"]);
    expect(href).toBe("/compare/cost?experiments=c%20d,a");
    expect(parseExperimentList(new URL(href, "http://x").searchParams.get("experiments") ?? undefined, known).ids).toEqual(["c d", "a"]);
  });
});
