// A decision, its promotion and its audit entry are one write: when the audit entry cannot be written, the
// decision and the promotion are not there either, on the rule path (a trainer's event) and the human path
// (a reviewer's Approve) alike.
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { recordHumanDecision } from "./record-human-decision";
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../../test/fixtures/proposals/proposal-events";

const ids = proposalIds("wd");
const specs = [{ key: "one", title: "One", rule: "accept" as const }];

function storeWithBrokenAuditLog(): Store {
  const store = openStore(":memory:");
  expect(applyEvents(store, proposalEvents("wd", specs)).ok).toBe(true);
  // An audit write that fails: a trigger refuses every insert into the audit log from now on.
  store.sqlite.exec("CREATE TRIGGER audit_log_broken BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END");
  return store;
}

const written = (store: Store) => ({
  decisions: store.sqlite.prepare("SELECT count(*) FROM decisions").pluck().get(),
  promotions: store.sqlite.prepare("SELECT count(*) FROM harness_promotions").pluck().get(),
  status: store.sqlite.prepare("SELECT status FROM proposals WHERE id = ?").pluck().get(ids.proposal("one")),
});

describe("one decision write", () => {
  it("a rule decision whose audit entry fails leaves no decision and no promotion", () => {
    const store = storeWithBrokenAuditLog();
    const before = written(store);
    expect(() => applyEvents(store, [ruleDecisionEvent("wd", "one", "accept")])).toThrow(/audit log unavailable/);
    expect(written(store)).toEqual({ ...before, decisions: 0, promotions: 0 });
  });

  it("a person's approve whose audit entry fails leaves no decision and no promotion", () => {
    const store = storeWithBrokenAuditLog();
    const before = written(store);
    const approve = { proposalId: ids.proposal("one"), verdict: "accept" as const, reason: null, nonce: "n-1", user: { id: "u-1", username: "ada" } };
    expect(() => recordHumanDecision(store, approve)).toThrow(/audit log unavailable/);
    expect(written(store)).toEqual({ ...before, decisions: 0, promotions: 0 });
  });
});
