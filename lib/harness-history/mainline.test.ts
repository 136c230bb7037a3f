import { describe, expect, it } from "vitest";
import { defaultPair, incumbentLineage, initialVersion, mainlineIds } from "./mainline";
import { promotion, version } from "./test-versions";

const proposal = (status: "pending" | "accepted" | "rejected" | "superseded") => ({ id: `p-${status}`, title: "t", kind: "tool_hook" as const, status, epoch: 1, round: 0 });

describe("mainlineIds", () => {
  it("keeps non-proposal versions and accepted or promoted candidates, not pending or rejected ones", () => {
    const versions = [
      version("H0", { origin: "initial" }),
      version("manual", { origin: "manual" }),
      version("imported", { origin: "import" }),
      version("accepted", { proposal: proposal("accepted") }),
      version("promoted-then-rejected", { proposal: proposal("rejected") }),
      version("rejected", { proposal: proposal("rejected") }),
      version("pending", { proposal: proposal("pending") }),
      version("no-proposal"),
    ];
    const ids = mainlineIds(versions, [promotion("promoted-then-rejected", "H1"), promotion("promoted-then-rejected", "H1", "demote")]);
    expect([...ids]).toEqual(["H0", "manual", "imported", "accepted", "promoted-then-rejected"]);
  });
});

describe("initialVersion and defaultPair", () => {
  it("pairs the initial version with the newest main-line version", () => {
    const versions = [
      version("H0", { origin: "initial", createdAt: 1 }),
      version("H1", { origin: "manual", createdAt: 2 }),
      version("H2", { origin: "manual", createdAt: 3 }),
      version("late-candidate", { createdAt: 4, proposal: proposal("rejected") }),
    ];
    expect(defaultPair(versions, mainlineIds(versions, []))).toEqual({ base: "H0", candidate: "H2" });
  });

  it("takes the newest version of any kind when the main line holds only the initial one", () => {
    const versions = [version("H0", { origin: "initial", createdAt: 1 }), version("p1", { createdAt: 2 }), version("p2", { createdAt: 3 })];
    expect(defaultPair(versions, mainlineIds(versions, []))).toEqual({ base: "H0", candidate: "p2" });
  });

  it("takes the oldest version as the base when none is marked initial, and has no pair with one version", () => {
    const versions = [version("b", { origin: "import", createdAt: 5 }), version("a", { origin: "import", createdAt: 1 })];
    expect(initialVersion(versions)?.id).toBe("a");
    expect(defaultPair(versions, mainlineIds(versions, []))).toEqual({ base: "a", candidate: "b" });
    expect(defaultPair([version("only", { origin: "initial" })], new Set(["only"]))).toBeNull();
    expect(initialVersion([])).toBeNull();
  });

  it("gives the incumbent's lineage, empty without an incumbent", () => {
    const versions = [version("H0", { origin: "initial" }), version("H1", { parentId: "H0" })];
    expect(incumbentLineage(versions, "H1").map((v) => v.id)).toEqual(["H0", "H1"]);
    expect(incumbentLineage(versions, null)).toEqual([]);
  });
});
