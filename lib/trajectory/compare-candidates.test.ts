// The "Compare with…" order: same group, then same run, then same experiment, then other experiments.
import { describe, expect, it } from "vitest";
import { groupByKinship, kinship } from "./compare-candidates";

const current = { experimentId: "e1", runId: "r1", groupId: "g1" };
const row = (id: string, experimentId: string, runId: string, groupId: string | null) => ({ id, experimentId, runId, groupId });

describe("groupByKinship", () => {
  it("puts the same group first and other experiments last, keeping the given (newest-first) order inside each", () => {
    const others = [
      row("other-exp-new", "e2", "r9", "g1"),
      row("same-run", "e1", "r1", "g2"),
      row("same-group-new", "e1", "r1", "g1"),
      row("same-exp", "e1", "r2", null),
      row("same-group-old", "e1", "r1", "g1"),
    ];
    const groups = groupByKinship(current, others);
    expect(groups.map((g) => [g.kinship, g.rows.map((r) => r.id)])).toEqual([
      ["group", ["same-group-new", "same-group-old"]],
      ["run", ["same-run"]],
      ["experiment", ["same-exp"]],
      ["other", ["other-exp-new"]],
    ]);
  });

  it("a group id of another run is not the same group, and no group id never matches", () => {
    expect(kinship(current, row("x", "e2", "r9", "g1"))).toBe("other");
    expect(kinship({ ...current, groupId: null }, row("y", "e1", "r1", null))).toBe("run");
  });

  it("leaves out kinds with no rollouts", () => {
    expect(groupByKinship(current, [row("a", "e3", "r3", null)]).map((g) => g.kinship)).toEqual(["other"]);
  });
});
