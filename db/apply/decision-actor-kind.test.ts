// A decision event may say it was a person's (actor_kind "human"), which is how an export carries a reviewer's
// accept/reject into another store. Without the field it is a rule's, exactly as before the field existed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { validateEvent } from "../../lib/events/contract";
import { exampleEvents } from "../../lib/events/examples";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  expect(applyEvents(store, exampleEvents("ex").filter((e) => e.type !== "decision"))).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

const decision = (id: string, extra: Record<string, unknown> = {}) => ({ type: "decision", id, proposal: "ex-prop", verdict: "accept", actor: "ada", ...extra });
const stored = (id: string) => store.sqlite.prepare("SELECT actor_kind, actor FROM decisions WHERE id = ?").get(id);

describe("decision actor_kind", () => {
  it("stores a rule's decision when the field is left out, and a person's when it says human", () => {
    expect(applyEvents(store, [decision("d-rule"), decision("d-human", { actor_kind: "human", verdict: "reject", reason: "noise" })])).toMatchObject({ ok: true });
    expect(stored("d-rule")).toEqual({ actor_kind: "rule", actor: "ada" });
    expect(stored("d-human")).toEqual({ actor_kind: "human", actor: "ada" });
    expect(store.sqlite.prepare("SELECT status FROM proposals WHERE id = 'ex-prop'").pluck().get()).toBe("rejected");
  });

  it("adds nothing to an event without it, so stored hashes of earlier events still match", () => {
    const checked = validateEvent(decision("d"), 0);
    expect(checked.ok && "actor_kind" in checked.event).toBe(false);
  });

  it("refuses another kind, naming the field", () => {
    expect(applyEvents(store, [decision("d", { actor_kind: "robot" })])).toMatchObject({ ok: false, status: 400, errors: [{ path: "actor_kind" }] });
    expect(stored("d")).toBeUndefined();
  });

  it("treats a person's decision sent twice as unchanged, and the same id with another kind as a conflict", () => {
    expect(applyEvents(store, [decision("d", { actor_kind: "human" })])).toMatchObject({ ok: true });
    expect(applyEvents(store, [decision("d", { actor_kind: "human" })])).toMatchObject({ ok: true, unchanged: { decision: 1 } });
    expect(applyEvents(store, [decision("d")])).toMatchObject({ ok: false, status: 409 });
  });
});
