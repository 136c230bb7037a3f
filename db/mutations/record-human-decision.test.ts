import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { recordHumanDecision, type HumanDecisionInput } from "./record-human-decision";
import { getIncumbent } from "../queries/harness-incumbent";
import { exampleEvents } from "../../lib/events/examples";
import { proposalEvents, proposalIds } from "../../test/fixtures/proposals/proposal-events";

const ids = proposalIds("hd");
const ada = { id: "u1", username: "ada" };
let store: Store;

function decide(key: string, verdict: "accept" | "reject", reason: string | null = null, nonce = randomUUID()) {
  const input: HumanDecisionInput = { proposalId: ids.proposal(key), verdict, reason, nonce, user: ada };
  return recordHumanDecision(store, input);
}
const count = (sql: string) => store.sqlite.prepare(sql).pluck().get() as number;

beforeEach(() => {
  store = openStore(":memory:");
  store.sqlite.prepare("INSERT INTO users (id, username, role, created_at) VALUES ('u1', 'ada', 'reviewer', 0)").run();
  const applied = applyEvents(store, proposalEvents("hd", [
    { key: "good", title: "Good", rule: "accept" },
    { key: "bad", title: "Bad", rule: "reject" },
    { key: "blind", title: "Blind", rule: "none" },
    { key: "later", title: "Later", rule: "accept" },
  ]));
  expect(applied.ok).toBe(true);
});

describe("recordHumanDecision", () => {
  it("appends the decision with the rule's verdict and statistics, audits it, and keeps a trainer's earlier decision", () => {
    const s = openStore(":memory:");
    applyEvents(s, exampleEvents("h"));
    s.sqlite.prepare("INSERT INTO users (id, username, role, created_at) VALUES ('u1', 'ada', 'reviewer', 0)").run();
    const result = recordHumanDecision(s, { proposalId: "h-prop", verdict: "reject", reason: "trainable rate falls", nonce: randomUUID(), user: ada });
    expect(result.ok).toBe(true);
    expect(s.sqlite.prepare("SELECT status FROM proposals WHERE id = 'h-prop'").pluck().get()).toBe("rejected");
    const decisions = s.sqlite.prepare("SELECT actor_kind, actor, verdict, reason FROM decisions WHERE proposal_id = 'h-prop' ORDER BY created_at, rowid").all();
    expect(decisions).toEqual([
      expect.objectContaining({ actor_kind: "rule", verdict: "accept" }),
      { actor_kind: "human", actor: "ada", verdict: "reject", reason: "trainable rate falls" },
    ]);
    expect(s.sqlite.prepare("SELECT action, actor_id, target_id FROM audit_log WHERE action LIKE 'proposal.%' AND actor_kind = 'user'").get())
      .toEqual({ action: "proposal.reject", actor_id: "u1", target_id: "h-prop" });
  });

  it("stores what the rule said, computed from the comparison rollouts, with each side's counts", () => {
    const result = decide("good", "accept");
    expect(result.ok).toBe(true);
    const stored = JSON.parse(store.sqlite.prepare("SELECT rule_verdict FROM decisions WHERE proposal_id = ?").pluck().get(ids.proposal("good")) as string);
    expect(stored).toMatchObject({
      verdict: "accept", source: "rollouts",
      base: { rollouts: 4, successes: 1, passRate: 0.25, trainableRate: 0.5 },
      candidate: { rollouts: 4, successes: 2, passRate: 0.5, trainableRate: 1 },
    });
    expect(stored.reason).toBe("pass rate +100.0 % and trainable rate +100.0 %: accept");
    // and the paired statistics the reviewer saw, without the per-task table
    expect(stored.statistics).toMatchObject({ kind: "rollouts", change: { passRate: { pp: 25 } } });
    expect(stored.statistics.paired.passRate.ci95).toHaveLength(2);
    expect(stored.statistics.tasks).toBeUndefined();
  });

  it("refuses an approve against the rule without a reason, naming the rule's verdict, and writes nothing", () => {
    const result = decide("bad", "accept", "   ");
    expect(result).toMatchObject({ ok: false, code: "reason-required" });
    expect(!result.ok && result.error).toMatch(/^reason: the acceptance rule says reject \(pass rate \+100\.0 % but trainable rate −100\.0 %: reject\)/);
    expect(count("SELECT count(*) FROM decisions")).toBe(0);
    expect(count("SELECT count(*) FROM audit_log")).toBe(0);
    expect(count("SELECT count(*) FROM harness_promotions")).toBe(0);
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = ?").pluck().get(ids.proposal("bad"))).toBe("pending");
    expect(decide("bad", "accept", "the interval is wide; the hook is cheap").ok).toBe(true);
  });

  it("always asks a reject for a reason, and an approve the rule cannot judge", () => {
    expect(decide("bad", "reject")).toMatchObject({ ok: false, error: "reason: say why you reject it" });
    expect(decide("good", "reject")).toMatchObject({ ok: false, error: expect.stringMatching(/^reason: the acceptance rule says accept/) });
    expect(decide("blind", "accept")).toMatchObject({ ok: false, error: expect.stringMatching(/^reason: the rule cannot judge \(no comparison/) });
    expect(count("SELECT count(*) FROM decisions")).toBe(0);
  });

  it("refuses a second submit of the same form and writes nothing more", () => {
    const nonce = randomUUID();
    expect(decide("good", "accept", null, nonce).ok).toBe(true);
    const again = decide("good", "accept", null, nonce);
    expect(again).toMatchObject({ ok: false, code: "duplicate" });
    expect(!again.ok && again.error).toMatch(/already submitted .* not recorded/);
    expect(count("SELECT count(*) FROM decisions")).toBe(1);
    expect(count("SELECT count(*) FROM audit_log")).toBe(1);
    expect(count("SELECT count(*) FROM harness_promotions")).toBe(1);
  });

  it("refuses an unknown proposal and writes nothing", () => {
    const result = recordHumanDecision(store, { proposalId: "nope", verdict: "accept", reason: null, nonce: randomUUID(), user: ada });
    expect(result).toMatchObject({ ok: false, code: "missing-proposal", error: expect.stringContaining('"nope" does not exist') });
    expect(count("SELECT count(*) FROM decisions")).toBe(0);
    expect(count("SELECT count(*) FROM audit_log")).toBe(0);
  });

  it("keeps every decision: changing one's mind appends, and the record cannot be rewritten", () => {
    expect(decide("good", "accept").ok).toBe(true);
    expect(decide("good", "reject", "regressions on the held-out suite").ok).toBe(true);
    expect(decide("good", "accept", "the regression was a flaky test").ok).toBe(true);
    const rows = store.sqlite.prepare("SELECT verdict FROM decisions WHERE proposal_id = ? ORDER BY rowid").pluck().all(ids.proposal("good"));
    expect(rows).toEqual(["accept", "reject", "accept"]);
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = ?").pluck().get(ids.proposal("good"))).toBe("accepted");
    expect(() => store.sqlite.prepare("UPDATE decisions SET verdict = 'reject'").run()).toThrow(/append-only/);
    expect(() => store.sqlite.prepare("DELETE FROM decisions").run()).toThrow(/append-only/);
    expect(() => store.sqlite.prepare("DELETE FROM harness_promotions").run()).toThrow(/append-only/);
  });

  it("approving promotes the candidate with the next label; H1, then H2", () => {
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.h0, label: "H0", proposalId: null });
    const first = decide("good", "accept");
    expect(first).toMatchObject({ ok: true, promotion: { kind: "promote", label: "H1", harnessVersionId: ids.candidate("good") } });
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.candidate("good"), label: "H1", proposalId: ids.proposal("good") });
    const second = decide("later", "accept");
    expect(second).toMatchObject({ ok: true, promotion: { kind: "promote", label: "H2" } });
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.candidate("later"), label: "H2" });
    // Approving again what already stands confirms it; the incumbent and its label stay.
    expect(decide("later", "accept")).toMatchObject({ ok: true, promotion: null });
    expect(count("SELECT count(*) FROM harness_promotions")).toBe(2);
  });

  it("a reject after an accept demotes: the previous incumbent is current again, and labels are never reused", () => {
    decide("good", "accept");
    decide("later", "accept");
    expect(decide("later", "reject", "breaks the held-out suite")).toMatchObject({ ok: true, promotion: { kind: "demote", label: "H2" } });
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.candidate("good"), label: "H1" });
    // Demoting an older promotion leaves the newer one standing.
    decide("later", "accept", "fixed upstream");
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.candidate("later"), label: "H3" });
    decide("good", "reject", "superseded");
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ label: "H3" });
    decide("later", "reject", "back to the start");
    expect(getIncumbent(store, ids.experiment)).toMatchObject({ harnessVersionId: ids.h0, label: "H0" });
    // Rejecting what never stood changes no incumbent.
    expect(decide("bad", "reject", "trainable rate falls")).toMatchObject({ ok: true, promotion: null });
  });
});
