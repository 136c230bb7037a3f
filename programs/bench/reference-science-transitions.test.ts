import { describe, expect, it } from "vitest";
import { addTransitions, groupState, groupTransitions } from "./reference-science-transitions";

const r = (success: boolean, truncated = false) => ({ success, truncated });

describe("groupState", () => {
  it("is mixed only when the usable rollouts hold both a success and a failure", () => {
    expect(groupState([r(true), r(false), r(false), r(false)])).toBe("mixed");
    expect(groupState([r(true), r(true), r(true), r(true)])).toBe("all-success");
    expect(groupState([r(false), r(false), r(false), r(false)])).toBe("no-success");
  });

  it("does not count truncated rollouts, as the trainable rate does not", () => {
    // The only failure ran out of turns: the group left for the update is all-success.
    expect(groupState([r(true), r(true), r(false, true)])).toBe("all-success");
    expect(groupState([r(false, true), r(false, true)])).toBe("no-success");
  });
});

describe("groupTransitions", () => {
  it("pairs the groups of each task and counts how their states moved", () => {
    const base = new Map([
      ["t0", [r(true), r(false), r(false), r(false)]],
      ["t1", [r(true), r(true), r(false), r(true)]],
      ["t2", [r(false), r(false), r(false), r(false)]],
      ["t3", [r(true), r(false), r(false), r(false)]],
      ["only-base", [r(true), r(false)]],
    ]);
    const candidate = new Map([
      ["t0", [r(false), r(false), r(false), r(false)]],
      ["t1", [r(true), r(true), r(true), r(true)]],
      ["t2", [r(false), r(true), r(false), r(false)]],
      ["t3", [r(true), r(true), r(false), r(false)]],
    ]);
    expect(groupTransitions(base, candidate)).toEqual({
      "mixed→no-success": 1, "mixed→all-success": 1, "no-success→mixed": 1, "mixed→mixed": 1,
    });
  });

  it("sums counts over tries", () => {
    expect(addTransitions({ "mixed→mixed": 2 }, { "mixed→mixed": 1, "mixed→all-success": 3 })).toEqual({ "mixed→mixed": 3, "mixed→all-success": 3 });
  });
});
