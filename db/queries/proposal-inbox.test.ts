// The inbox's numbers and order against a real store: each row's Δ (a teacher proposal's paired Δ pass rate,
// an engineer patch's mean Δ over its packets), engineer patches grouped by failure packet with the best first,
// the default kind and the count of what waits among the kinds it hides.
import { beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { listProposalInbox } from "./proposal-inbox";
import { parseInboxFilter } from "../../lib/proposals/inbox-filter";
import { proposalEvents, proposalIds } from "../../test/fixtures/proposals/proposal-events";
import { packetId, patchEvaluationEvents } from "../../test/fixtures/proposals/patch-evaluation-events";

const ids = proposalIds("ib");
let store: Store;

beforeAll(() => {
  store = openStore(":memory:");
  const engineer = (key: string) => ({ key, title: `Patch ${key}`, rule: "none" as const, kind: "engineer_patch" as const });
  const applied = applyEvents(store, [
    ...proposalEvents("ib", [
      { key: "t1", title: "Teacher accept", rule: "accept" },
      engineer("x"), engineer("y"), engineer("z"), engineer("w"),
    ]),
    ...patchEvaluationEvents("ib", [
      // Packet A: y is the best (+30 pp), x second (+10 pp), z invalid.
      { key: "A", patches: [{ proposal: "x", baseline: 0.2, patched: 0.3 }, { proposal: "y", baseline: 0.2, patched: 0.5 }, { proposal: "z", baseline: 0.2, patched: 0.9, valid: false }] },
      // Packet B: x is the best (+20 pp).
      { key: "B", patches: [{ proposal: "x", baseline: 0.4, patched: 0.6 }, { proposal: "z", baseline: 0.4, patched: 0.3 }] },
    ]),
  ]);
  expect(applied.ok).toBe(true);
});

const inbox = (raw: Record<string, string>) => listProposalInbox(store, parseInboxFilter({ experiment: ids.experiment, ...raw }).filter);

describe("the inbox's numbers and order", () => {
  it("shows teacher proposals by default and counts the engineer patches waiting behind the default", () => {
    const teacher = inbox({});
    expect(teacher.rows.map((r) => r.id)).toEqual([ids.proposal("t1")]);
    expect(teacher.leftToReview).toBe(1);
    expect(teacher.pendingOfOtherKinds).toBe(4);
    // 5 proposals; x and z have a row under each of their 2 packets.
    expect(inbox({ kind: "any" }).rows).toHaveLength(7);
    expect(new Set(inbox({ kind: "any" }).rows.map((r) => r.id)).size).toBe(5);
    expect(inbox({ kind: "any" }).matching).toBe(5);
    expect(inbox({ kind: "any" }).pendingOfOtherKinds).toBe(0);
  });

  it("gives a teacher proposal its comparison's paired Δ of the pass rate", () => {
    // Base per task 1/2 and 0/2, candidate 1/2 and 1/2: Δ = (0 + 0.5) / 2 over 2 tasks.
    expect(inbox({}).rows[0]).toMatchObject({ delta: { source: "comparison", mean: 0.25, tasks: 2 }, packet: null });
  });

  it("groups engineer patches by packet, best first — a patch under every packet it was evaluated on — each with its mean Δ over the packets where it was valid", () => {
    const rows = inbox({ kind: "engineer_patch" }).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    // All arrived at once, so newest first is the order of storage backwards: w, then z's packets A and B. Issue 40:
    // every packet shows all its proposed patches, best first — x (best of B, second of A) is under both.
    expect(rows.map((r) => [r.id, r.packet?.packetId ?? null, r.packet?.best ?? null])).toEqual([
      [ids.proposal("w"), null, null],
      [ids.proposal("y"), packetId("ib", "A"), true],
      [ids.proposal("x"), packetId("ib", "A"), false],
      [ids.proposal("z"), packetId("ib", "A"), false],
      [ids.proposal("x"), packetId("ib", "B"), true],
      [ids.proposal("z"), packetId("ib", "B"), false],
    ]);
    expect(new Set(rows.map((r) => r.listing)).size).toBe(rows.length);
    expect(byId.get(ids.proposal("x"))!.delta).toEqual({ source: "patches", mean: expect.closeTo(0.15, 9), packets: 2, evaluated: 2 });
    const xOnB = rows.find((r) => r.id === ids.proposal("x") && r.packet?.packetId === packetId("ib", "B"));
    expect(xOnB!.packet).toMatchObject({ best: true, reward: expect.closeTo(0.2, 9), patches: 2, otherPackets: 1 });
    expect(byId.get(ids.proposal("z"))!.delta).toEqual({ source: "patches", mean: expect.closeTo(-0.1, 9), packets: 1, evaluated: 2 });
    expect(byId.get(ids.proposal("w"))!.delta).toBeNull();
  });
});
