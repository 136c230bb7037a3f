import { describe, expect, it } from "vitest";
import { decodePageParam } from "./page-param";

describe("decodePageParam", () => {
  it("undoes the encoding Next applies to page params, once", () => {
    for (const id of ["swe-bench:astropy__astropy-12907", "e2e:rollout/one a", "100%", "a%2Fb", "ünï"]) {
      expect(decodePageParam(encodeURIComponent(id))).toBe(id);
    }
  });

  it("keeps a value that is not percent-encoding", () => {
    expect(decodePageParam("50%off")).toBe("50%off");
  });
});
