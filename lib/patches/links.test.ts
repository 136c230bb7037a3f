// The patches page's address: built by patchesPath, read back by readPatchesQuery; a bad page is dropped and named.
import { describe, expect, it } from "vitest";
import { patchesPath, readPatchesQuery } from "./links";

const queryOf = (path: string) => Object.fromEntries(new URL(path, "http://x").searchParams);

describe("readPatchesQuery", () => {
  it("round-trips the page and the chosen patch through patchesPath", () => {
    const path = patchesPath("exp/1", { page: 3, patch: "p:a/b&c" });
    expect(path).toBe("/experiments/exp%2F1/patches?page=3&patch=p%3Aa%2Fb%26c");
    expect(readPatchesQuery(queryOf(path))).toEqual({ query: { page: 3, patch: "p:a/b&c" }, problems: [] });
    expect(readPatchesQuery(queryOf(patchesPath("e")))).toEqual({ query: { page: 1 }, problems: [] });
  });

  it("drops a bad or repeated value and names it, the page still opening on page 1", () => {
    expect(readPatchesQuery({ page: "-2", patch: ["a", "b"] })).toEqual({
      query: { page: 1 }, problems: ["page: must be a page number (1, 2, …)", "patch: give one value"],
    });
  });
});
