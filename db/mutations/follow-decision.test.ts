// A trainer's rule decisions, arriving as events, move the incumbent exactly like a person's.
import { describe, expect, it } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";
import { getIncumbent } from "../queries/harness-incumbent";
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../../test/fixtures/proposals/proposal-events";

const ids = proposalIds("fd");
const specs = [
  { key: "one", title: "One", rule: "accept" as const },
  { key: "two", title: "Two", rule: "accept" as const },
];

describe("rule decisions from trainers", () => {
  it("an accept promotes the candidate once, however often the event is re-sent", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, proposalEvents("fd", specs)).ok).toBe(true);
    const accept = ruleDecisionEvent("fd", "one", "accept");
    expect(applyEvents(store, [accept])).toMatchObject({ ok: true, applied: { decision: 1 } });
    expect(applyEvents(store, [accept])).toMatchObject({ ok: true, unchanged: { decision: 1 } });
    expect(store.sqlite.prepare("SELECT kind, label FROM harness_promotions").all()).toEqual([{ kind: "promote", label: "H1" }]);
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.candidate("one"), label: "H1", versionLabel: "H0+one" });
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = ?").pluck().get(ids.proposal("one"))).toBe("accepted");
    // Every decision is in the audit log, the rule's under the system actor with the rule's name.
    const audit = store.sqlite.prepare("SELECT actor_kind, action, target_id, detail FROM audit_log").all() as Array<{ detail: string }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: "system", action: "proposal.accept", target_id: ids.proposal("one") });
    expect(JSON.parse(audit[0].detail)).toMatchObject({ rule: "acceptance-rule", promotion: "promote H1" });
  });

  it("the next accept is H2, and a later rule reject takes it back", () => {
    const store = openStore(":memory:");
    applyEvents(store, [...proposalEvents("fd", specs), ruleDecisionEvent("fd", "one", "accept"), ruleDecisionEvent("fd", "two", "accept")]);
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ label: "H2", harnessVersionId: ids.candidate("two") });
    applyEvents(store, [ruleDecisionEvent("fd", "two", "reject")]);
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ label: "H1", harnessVersionId: ids.candidate("one") });
    expect(store.sqlite.prepare("SELECT kind, label FROM harness_promotions ORDER BY rowid").all())
      .toEqual([{ kind: "promote", label: "H1" }, { kind: "promote", label: "H2" }, { kind: "demote", label: "H2" }]);
  });

  it("a decision sent before its proposal in the same batch still promotes", () => {
    const store = openStore(":memory:");
    const events = proposalEvents("fd", specs);
    const at = events.findIndex((e) => e.type === "proposal");
    events.splice(at, 0, ruleDecisionEvent("fd", "one", "accept"));
    expect(applyEvents(store, events).ok).toBe(true);
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = ?").pluck().get(ids.proposal("one"))).toBe("accepted");
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ label: "H1", proposalId: ids.proposal("one") });
  });

  it("an experiment without versions has no incumbent", () => {
    const store = openStore(":memory:");
    expect(getIncumbent(store, "nothing")).toBeNull();
  });
});
