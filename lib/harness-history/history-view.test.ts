import { describe, expect, it } from "vitest";
import { prepareHistoryView } from "./history-view";
import { promotionText } from "./promotion-text";
import { historyNames } from "./history-names";
import { file, promotion, version } from "./test-versions";
import type { HarnessHistory } from "./types";

const history: HarnessHistory = {
  versions: [
    version("H0", { origin: "initial", createdAt: 1, files: [file("a", "1")] }),
    version("cand", { parentId: "H0", createdAt: 2, files: [file("a", "2"), file("hooks/h.py", "3", "hook", "pre_action")], proposal: { id: "p", title: "Add h", kind: "tool_hook", status: "rejected", epoch: 1, round: 0 }, rollouts: { comparison: 4 } }),
    version("H1", { origin: "manual", parentId: "H0", createdAt: 3, files: [file("a", "1")] }),
  ],
  promotions: [],
  incumbent: { harnessVersionId: "H0", label: "H0" },
};

describe("prepareHistoryView", () => {
  it("defaults the diff to the initial version against the latest on the main line", () => {
    const view = prepareHistoryView(history, {});
    expect(view.pair && [view.pair.base.id, view.pair.candidate.id, view.pair.isDefault]).toEqual(["H0", "H1", true]);
    expect(view.options.map((o) => [o.id, o.text, o.mainline])).toEqual([
      ["H0", "H0 — initial", true],
      ["cand", "cand — rejected", false],
      ["H1", "H1 — manual", true],
    ]);
  });

  it("takes the URL's pair, filling a missing side from the default", () => {
    const view = prepareHistoryView(history, { candidate: "cand" });
    expect(view.pair && [view.pair.base.id, view.pair.candidate.id, view.pair.isDefault]).toEqual(["H0", "cand", false]);
    expect(prepareHistoryView(history, { base: "cand", candidate: "H0" }).pair?.base.id).toBe("cand");
  });

  it("filters the table and the tree to the matches and their ancestors", () => {
    const view = prepareHistoryView(history, { q: "pre_action" });
    expect([...view.matched]).toEqual(["cand"]);
    expect([...view.shown].sort()).toEqual(["H0", "cand"]);
    expect(view.table.rows.map((r) => r[0])).toEqual(["H0", "cand"]);
  });

  it("builds the timeline table from the same values the tree shows", () => {
    const view = prepareHistoryView({ ...history, promotions: [promotion("H1", "H1")], incumbent: { harnessVersionId: "H1", label: "H1" } }, {});
    const col = (name: string) => view.table.columns.indexOf(name);
    const [h0, cand, h1] = view.table.rows;
    expect(cand[col("Proposal")]).toBe("Add h");
    expect(cand[col("Epoch")]).toBe(1);
    expect(cand[col("Hooks")]).toBe("pre_action");
    expect(cand[col("File kinds")]).toBe("1 tool, 1 hook");
    expect(cand[col("Rollouts")]).toBe(4);
    expect(h1[col("Same files as")]).toBe("H0");
    expect(h1[col("Name")]).toBe("H1 (same files as H0)");
    expect(h1[col("Incumbent")]).toBe("H1");
    expect(h1[col("Promotions")]).toBe("promoted to incumbent H1 by decision of acceptance-rule (rule)");
    expect(h0[col("Incumbent")]).toBeNull();
    expect(h0[col("Parent")]).toBeNull();
  });

  it("has no pair with a single version", () => {
    expect(prepareHistoryView({ versions: [version("only", { origin: "initial" })], promotions: [], incumbent: null }, {}).pair).toBeNull();
  });
});

describe("promotionText", () => {
  const v = { versions: [version("v", { label: "H2" }), version("cand", { label: "H1+reproduce_first" })], promotions: [] };
  it("says who promoted or demoted", () => {
    expect(promotionText({ ...promotion("v", "H2"), actor: "alice", actorKind: "human" }, historyNames(v))).toBe("promoted to incumbent H2 by decision of alice (person)");
    expect(promotionText({ ...promotion("v", "H2", "demote"), actor: null, actorKind: null }, historyNames(v))).toBe("demoted (H2 taken back) by a decision");
  });

  it("names the version that was promoted when the promotion order numbered it otherwise", () => {
    expect(promotionText(promotion("cand", "H1"), historyNames(v))).toBe("promoted to incumbent H1+reproduce_first (numbered H1 in promotion order) by decision of acceptance-rule (rule)");
  });
});

describe("the main line", () => {
  // The reproduction: epoch 1 accepts nothing (H1 = H0's files), epoch 2's candidate is promoted first
  // (numbered H1) and recorded again by the trainer as H2.
  const scenario: HarnessHistory = {
    versions: [
      version("h0", { label: "H0", origin: "initial", createdAt: 1, files: [file("a", "1")] }),
      version("h1", { label: "H1", origin: "manual", parentId: "h0", createdAt: 2, files: [file("a", "1")] }),
      version("cand", { label: "H1+reproduce_first", parentId: "h1", createdAt: 3, files: [file("a", "1"), file("b", "2")], proposal: { id: "p", title: "Reproduce first", kind: "tool_hook", status: "accepted", epoch: 2, round: 0 } }),
      version("h2", { label: "H2", origin: "proposal", parentId: "h1", createdAt: 4, files: [file("a", "1"), file("b", "2")] }),
    ],
    promotions: [promotion("cand", "H1")],
    incumbent: { harnessVersionId: "cand", label: "H1" },
  };

  it("shows identical versions as one step and the promoted version with the label the trainer recorded it under again", () => {
    const view = prepareHistoryView(scenario, {});
    expect(view.mainLine.map((s) => s.text)).toEqual(["H0 = H1", "H1+reproduce_first = H2"]);
    expect(view.names.nameOf("h1")).toBe("H1 (same files as H0; incumbent H1 is H1+reproduce_first)");
    expect(view.names.nameOf("h2")).toBe("H2 (same files as H1+reproduce_first)");
    const col = (name: string) => view.table.columns.indexOf(name);
    const cand = view.table.rows[2];
    expect(cand[col("Promotions")]).toBe("promoted to incumbent H1+reproduce_first (numbered H1 in promotion order) by decision of acceptance-rule (rule)");
    expect(cand[col("Incumbent")]).toBe("H1+reproduce_first (numbered H1 in promotion order)");
  });

  it("draws the tree with identical versions as one node: H0 = H1, below it H1+reproduce_first = H2", () => {
    const [root, ...others] = prepareHistoryView(scenario, {}).roots;
    expect(others).toEqual([]);
    expect(root.same.map((v) => v.label)).toEqual(["H0", "H1"]);
    expect(root.children.map((c) => c.same.map((v) => v.label))).toEqual([["H1+reproduce_first", "H2"]]);
    expect(root.children[0].children).toEqual([]);
  });
});
