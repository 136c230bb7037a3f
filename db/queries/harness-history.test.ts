import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getHarnessHistory } from "./harness-history";
import { prepareHistoryView } from "../../lib/harness-history/history-view";
import { harnessHistoryEvents, historyIds, PROPOSAL_TITLES } from "../../test/fixtures/harness-history/events";
import { harnessDiffEvents } from "../../test/fixtures/harness-diff/versions";

let store: Store;
const ids = historyIds("hh");
beforeEach(() => {
  store = openStore(":memory:");
  const outcome = applyEvents(store, [...harnessHistoryEvents("hh"), ...harnessDiffEvents("other")]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

describe("getHarnessHistory", () => {
  it("lists only the experiment's versions in creation order with parents, origins and files", () => {
    const { versions } = getHarnessHistory(store, ids.experiment);
    expect(versions.map((v) => [v.label, v.origin, v.parentId])).toEqual([
      ["H0", "initial", null],
      ["H1", "proposal", ids.h0],
      ["H1+review", "proposal", ids.h1],
      ["H2", "proposal", ids.h1],
      ["H2 (frozen)", "manual", ids.h2],
    ]);
    const h1 = versions[1];
    expect(h1.files.map((f) => [f.path, f.kind, f.hookPosition])).toEqual([
      ["hooks/report_failures.py", "hook", "pre_action"],
      ["prompts/system.md", "prompt", null],
      ["tools/bash.py", "tool", null],
      ["tools/edit.py", "tool", null],
    ]);
    expect(h1.files.every((f) => /^[0-9a-f]{64}$/.test(f.blobHash))).toBe(true);
  });

  it("gives each proposal version its proposal with title, status, epoch and round", () => {
    const byLabel = new Map(getHarnessHistory(store, ids.experiment).versions.map((v) => [v.label, v]));
    expect(byLabel.get("H0")?.proposal).toBeNull();
    expect(byLabel.get("H1")?.proposal).toEqual({ id: ids.p1, title: PROPOSAL_TITLES.p1, kind: "tool_hook", status: "accepted", epoch: 1, round: 0 });
    expect(byLabel.get("H1+review")?.proposal).toMatchObject({ id: ids.pReview, status: "rejected", epoch: 1, round: 1 });
    expect(byLabel.get("H2")?.proposal).toMatchObject({ id: ids.p2, status: "accepted", epoch: 2, round: 0 });
    expect(byLabel.get("H2 (frozen)")?.proposal).toBeNull();
  });

  it("counts the rollouts run under each version by purpose", () => {
    const byLabel = new Map(getHarnessHistory(store, ids.experiment).versions.map((v) => [v.label, v.rollouts]));
    expect(byLabel.get("H0")).toEqual({ train: 2 });
    expect(byLabel.get("H1")).toEqual({ comparison: 1 });
    expect(byLabel.get("H2")).toEqual({ eval: 2, train: 1 });
    expect(byLabel.get("H2 (frozen)")).toEqual({});
  });

  it("lists the promotions with the decision's actor, and the incumbent", () => {
    const history = getHarnessHistory(store, ids.experiment);
    expect(history.promotions.map((p) => [p.harnessVersionId, p.kind, p.label, p.proposalId, p.actor, p.actorKind])).toEqual([
      [ids.h1, "promote", "H1", ids.p1, "acceptance-rule", "rule"],
      [ids.h2, "promote", "H2", ids.p2, "acceptance-rule", "rule"],
    ]);
    expect(history.incumbent).toEqual({ harnessVersionId: ids.h2, label: "H2" });
  });

  it("answers an unknown experiment with nothing", () => {
    expect(getHarnessHistory(store, "nope")).toEqual({ versions: [], promotions: [], incumbent: null });
  });
});

describe("the prepared view of a stored history", () => {
  it("opens the main line, folds the rejected candidate, and defaults to H0 against the latest", () => {
    const view = prepareHistoryView(getHarnessHistory(store, ids.experiment), {});
    expect([...view.mainline].sort()).toEqual([ids.h0, ids.h1, ids.h2, ids.relabel].sort());
    expect(view.lineage.map((v) => v.label)).toEqual(["H0", "H1", "H2"]);
    expect(view.pair && [view.pair.base.label, view.pair.candidate.label, view.pair.isDefault]).toEqual(["H0", "H2 (frozen)", true]);
    expect(view.sameAs.get(ids.relabel)).toBe(ids.h2);
    expect(view.table.rows.map((r) => r[0])).toEqual(["H0", "H1", "H1+review", "H2", "H2 (frozen)"]);
  });
});
