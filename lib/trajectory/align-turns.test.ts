import { describe, expect, it } from "vitest";
import { alignTurns, stepsOf } from "./align-turns";

const turns = (roles: string) => roles.split(" ").map((r, idx) => ({ idx, role: ({ s: "system", u: "user", a: "assistant", t: "tool" } as Record<string, string>)[r] }));

describe("alignTurns by index", () => {
  it("pairs turn i with turn i and pads the shorter side", () => {
    expect(alignTurns(turns("s u a"), turns("s u a t a"), "index")).toEqual([[0, 0], [1, 1], [2, 2], [null, 3], [null, 4]]);
  });
});

describe("alignTurns by step", () => {
  it("keeps the k-th decisions side by side when one side has extra turns in a step", () => {
    // Left: prompts, step 1 has a tool turn; right: an extra user message in the prompts and no tool turn.
    const left = turns("s u a t a");
    const right = turns("s u u a a");
    expect(alignTurns(left, right, "step")).toEqual([
      [0, 0], [1, 1], [null, 2], // prompts
      [2, 3], [3, null], // step 1
      [4, 4], // step 2
    ]);
  });

  it("groups turns into steps at each assistant turn", () => {
    expect(stepsOf(turns("s u a t a t t"))).toEqual([[0, 1], [2, 3], [4, 5, 6]]);
    expect(stepsOf(turns("a t a"))).toEqual([[], [0, 1], [2]]);
    expect(stepsOf([])).toEqual([[]]);
  });

  it("lines up a trajectory without prompts against one with them", () => {
    expect(alignTurns(turns("a"), turns("s a"), "step")).toEqual([[null, 0], [0, 1]]);
  });
});
