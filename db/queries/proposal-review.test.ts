// The review queries against a real store: the inbox under each filter with its counts, the proposal page
// (lineage, evidence turns, history with the rule's verdict and promotions), and the audit log's paging.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { recordHumanDecision } from "../mutations/record-human-decision";
import { listProposalInbox } from "./proposal-inbox";
import { getProposalPage } from "./proposal-page";
import { listAuditLog, listAuditOptions } from "./audit-log";
import { getRuleVerdict } from "./proposal-rule-verdict";
import { listProposalRecords } from "./experiment-records";
import { exampleEvents } from "../../lib/events/examples";
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../../test/fixtures/proposals/proposal-events";

const ids = proposalIds("pr");
let store: Store;
const ada = { id: "u1", username: "ada" };

beforeAll(() => {
  store = openStore(":memory:");
  store.sqlite.prepare("INSERT INTO users (id, username, role, created_at) VALUES ('u1', 'ada', 'reviewer', 0)").run();
  const applied = applyEvents(store, [
    ...proposalEvents("pr", [
      { key: "a", title: "Run related tests", rule: "accept", epoch: 1, round: 0 },
      { key: "b", title: "Review hook", rule: "reject", epoch: 1, round: 1 },
      { key: "c", title: "Review hook with view_diff", rule: "accept", epoch: 2, round: 0, parent: "b" },
      { key: "d", title: "Engineer patch", rule: "none", epoch: 2, round: 1, kind: "engineer_patch" },
    ]),
    ruleDecisionEvent("pr", "b", "reject"),
  ]);
  expect(applied.ok).toBe(true);
  const decided = recordHumanDecision(store, { proposalId: ids.proposal("a"), verdict: "accept", reason: null, nonce: randomUUID(), user: ada });
  expect(decided.ok).toBe(true);
});

describe("listProposalInbox", () => {
  it("lists every proposal with its round, latest decision and the rule's verdict, and counts what is left", () => {
    const inbox = listProposalInbox(store, { experiment: ids.experiment });
    expect(inbox.matching).toBe(4);
    expect(inbox.leftToReview).toBe(2);
    const byKey = new Map(inbox.rows.map((r) => [r.id, r]));
    expect(byKey.get(ids.proposal("a"))).toMatchObject({ status: "accepted", epoch: 1, round: 0, latestDecision: { actorKind: "human", actor: "ada", verdict: "accept" } });
    expect(byKey.get(ids.proposal("b"))).toMatchObject({ status: "rejected", latestDecision: { actorKind: "rule", actor: "acceptance-rule" }, rule: { verdict: "reject" } });
    expect(byKey.get(ids.proposal("c"))).toMatchObject({ status: "pending", latestDecision: null, rule: { verdict: "accept" } });
    expect(byKey.get(ids.proposal("d"))).toMatchObject({ kind: "engineer_patch", rule: { verdict: null } });
    expect(inbox.options).toMatchObject({ epochs: [1, 2], rounds: [0, 1] });
    expect(inbox.options.experiments).toContainEqual({ id: ids.experiment, name: "Proposal review pr" });
  });

  it("filters by epoch, round, kind, status and who decided; left-to-review ignores only the status", () => {
    const ofIds = (filter: Parameters<typeof listProposalInbox>[1]) => listProposalInbox(store, { experiment: ids.experiment, ...filter }).rows.map((r) => r.id).sort();
    expect(ofIds({ epoch: 2 })).toEqual([ids.proposal("c"), ids.proposal("d")]);
    expect(ofIds({ epoch: 1, round: 1 })).toEqual([ids.proposal("b")]);
    expect(ofIds({ kind: "engineer_patch" })).toEqual([ids.proposal("d")]);
    expect(ofIds({ decided: "rule" })).toEqual([ids.proposal("b")]);
    expect(ofIds({ decided: "human" })).toEqual([ids.proposal("a")]);
    expect(ofIds({ decided: "none" })).toEqual([ids.proposal("c"), ids.proposal("d")]);
    const accepted = listProposalInbox(store, { experiment: ids.experiment, status: "accepted" });
    expect(accepted.rows.map((r) => r.id)).toEqual([ids.proposal("a")]);
    expect(accepted.leftToReview).toBe(2);
    expect(listProposalInbox(store, { experiment: ids.experiment, epoch: 1 }).leftToReview).toBe(0);
  });
});

describe("getProposalPage", () => {
  it("returns null for an unknown proposal", () => {
    expect(getProposalPage(store, "nope")).toBeNull();
  });

  it("shows lineage both ways with status", () => {
    const parent = getProposalPage(store, ids.proposal("b"))!;
    expect(parent.children).toEqual([{ id: ids.proposal("c"), title: "Review hook with view_diff", status: "pending" }]);
    const child = getProposalPage(store, ids.proposal("c"))!;
    expect(child.parent).toEqual({ id: ids.proposal("b"), title: "Review hook", status: "rejected" });
    expect(child.proposal.round).toEqual({ epoch: 2, index: 0 });
  });

  it("previews the evidence's telling turns: failed commands, format errors, the last assistant turn", () => {
    const page = getProposalPage(store, ids.proposal("a"))!;
    expect(page.evidence).toHaveLength(1);
    const [evidence] = page.evidence;
    expect(evidence).toMatchObject({ rolloutId: ids.evidence("a"), note: "submitted without running the tests", success: false });
    expect(evidence.turns.map((t) => [t.idx, t.why])).toEqual([[1, "return code 1"], [2, "format error"], [3, "last assistant turn"]]);
    expect(evidence.turns[0]).toMatchObject({ observation: "FAIL test_range: expected 3 got 4", returnCode: 1 });
  });

  it("lists decisions newest first with the rule's verdict at the time and the promotion they made", () => {
    const a = getProposalPage(store, ids.proposal("a"))!;
    expect(a.decisions).toEqual([
      expect.objectContaining({ actorKind: "human", actor: "ada", verdict: "accept", rule: expect.objectContaining({ verdict: "accept" }), promotion: { kind: "promote", label: "H1", subject: "H0+a (numbered H1 in promotion order)" } }),
    ]);
    expect(a.incumbent).toMatchObject({ label: "H1", proposalId: ids.proposal("a") });
    const b = getProposalPage(store, ids.proposal("b"))!;
    expect(b.decisions[0]).toMatchObject({ actorKind: "rule", verdict: "reject", rule: { verdict: "reject" }, promotion: null });
  });

  it("names the changed files and the comparison's counts as plain stand-ins for the panels", () => {
    const page = getProposalPage(store, ids.proposal("a"))!;
  });
});

describe("getRuleVerdict", () => {
  it("falls back to the rates a trainer reported when the comparison has no rollouts on one side", () => {
    const s = openStore(":memory:");
    applyEvents(s, exampleEvents("rv"));
    // The example's comparison has one rollout per side (no mixed group), so the rollouts decide.
    expect(getRuleVerdict(s, "rv-prop")).toMatchObject({ source: "rollouts", verdict: "reject" });
    applyEvents(s, [{ type: "comparison", id: "rv-cmp-2", proposal: "rv-prop", reported: { base_pass_rate: 0.5, candidate_pass_rate: 0.532, base_trainable_rate: 0.4, candidate_trainable_rate: 0.43 } }]);
    expect(getRuleVerdict(s, "rv-prop")).toMatchObject({ source: "reported", verdict: "accept", comparisonId: "rv-cmp-2", reason: "pass rate +6.4 % and trainable rate +7.5 %: accept" });
  });
});

describe("the read API's proposal records", () => {
  it("carry each decision's statistics snapshot and promotion, not the form nonce", () => {
    const [a] = listProposalRecords(store, ids.experiment).filter((p) => p.id === ids.proposal("a"));
    expect(a.decisions[0]).toMatchObject({ actorKind: "human", promotion: { kind: "promote", label: "H1", harnessVersionId: ids.candidate("a") } });
    expect(a.decisions[0].ruleVerdict).toMatchObject({ verdict: "accept", base: { rollouts: 4 }, candidate: { rollouts: 4 } });
    expect(a.decisions[0]).not.toHaveProperty("nonce");
  });
});

describe("listAuditLog", () => {
  it("lists newest first, filters by action and actor, and pages with a cursor", () => {
    const all = listAuditLog(store, {});
    expect(all.entries.map((e) => e.action)).toEqual(["proposal.accept", "proposal.reject"]);
    expect(all.entries[0]).toMatchObject({ actorKind: "user", actorName: "ada", targetName: "Run related tests" });
    expect(all.entries[1]).toMatchObject({ actorKind: "system", actorName: null, detail: expect.objectContaining({ rule: "acceptance-rule" }) });
    expect(listAuditLog(store, { action: "proposal.reject" }).entries).toHaveLength(1);
    expect(listAuditLog(store, { actor: "user:u1" }).entries.map((e) => e.action)).toEqual(["proposal.accept"]);
    expect(listAuditLog(store, { actor: "system" }).entries.map((e) => e.action)).toEqual(["proposal.reject"]);
    expect(listAuditLog(store, { actor: "nonsense" }).entries).toEqual([]);

    const first = listAuditLog(store, {}, 1);
    expect(first.entries).toHaveLength(1);
    const second = listAuditLog(store, { before: first.nextCursor! }, 1);
    expect(second.entries.map((e) => e.id)).toEqual([all.entries[1].id]);
    expect(second.nextCursor).toBeNull();
    expect(listAuditOptions(store)).toEqual({
      actions: ["proposal.accept", "proposal.reject"],
      actors: [{ value: "user:u1", label: "ada" }, { value: "system", label: "system (rules, first start)" }],
    });
  });
});
