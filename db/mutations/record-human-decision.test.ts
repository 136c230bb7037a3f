import { describe, expect, it } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";
import { recordHumanDecision } from "./record-human-decision";
import { exampleEvents } from "../../lib/events/examples";

describe("recordHumanDecision", () => {
  it("appends the decision, moves the proposal's status and audits who decided, keeping the rule's decision", () => {
    const store = openStore(":memory:");
    applyEvents(store, exampleEvents("h"));
    const user = { id: "u1", username: "ada" };
    store.sqlite.prepare("INSERT INTO users (id, username, role, created_at) VALUES ('u1', 'ada', 'reviewer', 0)").run();
    const result = recordHumanDecision(store, { proposalId: "h-prop", verdict: "reject", reason: "trainable rate falls", user });
    expect(result.ok).toBe(true);
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = 'h-prop'").pluck().get()).toBe("rejected");
    const decisions = store.sqlite.prepare("SELECT actor_kind, actor, verdict, reason FROM decisions WHERE proposal_id = 'h-prop' ORDER BY created_at").all();
    expect(decisions).toEqual([
      expect.objectContaining({ actor_kind: "rule", verdict: "accept" }),
      { actor_kind: "human", actor: "ada", verdict: "reject", reason: "trainable rate falls" },
    ]);
    expect(store.sqlite.prepare("SELECT action, actor_id, target_id FROM audit_log WHERE action LIKE 'proposal.%'").get())
      .toEqual({ action: "proposal.reject", actor_id: "u1", target_id: "h-prop" });
  });

  it("refuses an unknown proposal and writes nothing", () => {
    const store = openStore(":memory:");
    const result = recordHumanDecision(store, { proposalId: "nope", verdict: "accept", reason: null, user: { id: "u", username: "u" } });
    expect(result).toEqual({ ok: false, error: 'proposal: "nope" does not exist' });
    expect(store.sqlite.prepare("SELECT count(*) FROM decisions").pluck().get()).toBe(0);
  });
});
