import { describe, expect, it } from "vitest";
import { groupInboxRows, homePacket, packetStandings } from "./inbox-order";
import type { PatchEvaluationOnPacket } from "../patches/patch-evidence";
import type { PatchOutcome } from "../patches/patch-reward";

const outcome = (id: string, baseline: number, patched: number, valid = true): PatchOutcome => ({
  id, patchIndex: Number(id.at(-1)), valid, complete: true, baselineSuccess: baseline, patchedSuccess: patched, reward: null,
});
const on = (packetId: string, mine: PatchOutcome, others: PatchOutcome[]): PatchEvaluationOnPacket => ({ ...mine, packetId, packetPatches: [mine, ...others] });

describe("the packet an engineer patch is listed under", () => {
  it("is one where it was the best, even when it scored higher elsewhere without being the best", () => {
    const a = on("A", outcome("a1", 0.2, 0.5), [outcome("a2", 0.2, 0.6)]); // +30 pp, second of A
    const b = on("B", outcome("b1", 0.2, 0.3), [outcome("b2", 0.2, 0.2)]); // +10 pp, best of B
    expect(homePacket([a, b])).toEqual({ packetId: "B", best: true, reward: expect.closeTo(0.1, 9), patches: 2, otherPackets: 1 });
  });

  it("is the one with the highest reward when it was never the best; none without evaluations", () => {
    const a = on("A", outcome("a1", 0.2, 0.1), [outcome("a2", 0.2, 0.6)]);
    const b = on("B", outcome("b1", 0.2, 0.25), [outcome("b2", 0.2, 0.5)]);
    expect(homePacket([a, b])).toMatchObject({ packetId: "B", best: false, otherPackets: 1 });
    expect(homePacket([])).toBeNull();
  });
});

describe("the inbox order", () => {
  const row = (id: string, createdAt: number, packet: { id: string; best?: boolean; reward?: number | null } | null) => ({
    id, createdAt, packet: packet && { packetId: packet.id, best: packet.best ?? false, reward: packet.reward ?? null, patches: 8, otherPackets: 0 },
  });

  it("groups engineer patches by packet with the best first, placing each group at its newest member", () => {
    const rows = [
      row("teacher-new", 50, null),
      row("p1-weak", 40, { id: "P1", reward: -0.1 }),
      row("teacher-old", 30, null),
      row("p2-best", 35, { id: "P2", best: true, reward: 0.2 }),
      row("p1-unknown", 20, { id: "P1", reward: null }),
      row("p1-best", 10, { id: "P1", best: true, reward: 0.1 }),
      row("p1-mid", 10, { id: "P1", reward: 0.05 }),
      row("unevaluated", 5, null),
    ];
    const segments = groupInboxRows(rows);
    expect(segments.map((s) => [s.packetId, s.rows.map((r) => r.id)])).toEqual([
      [null, ["teacher-new"]],
      ["P1", ["p1-best", "p1-mid", "p1-weak", "p1-unknown"]],
      ["P2", ["p2-best"]],
      [null, ["teacher-old", "unevaluated"]],
    ]);
  });

  it("leaves rows without packets in their order, as one segment", () => {
    const rows = [row("a", 3, null), row("b", 2, null), row("c", 2, null)];
    expect(groupInboxRows(rows)).toEqual([{ packetId: null, rows }]);
  });
});

describe("a patch's standing on each of its packets (issue 40: a packet's best was listed under another packet)", () => {
  it("lists the patch under every packet it was evaluated on, home packet first, its better evaluation where it ran twice", () => {
    // The reproduction: the patch is packet 11's best (+25 pp) and packet 6's best (+30 pp); it was listed under 6 only.
    const on11 = on("P11", outcome("best1", 0.25, 0.5), [outcome("other1", 0.25, 0.3), outcome("other2", 0.25, 0.2)]);
    const on6 = on("P6", outcome("best2", 0.1, 0.4), [outcome("other3", 0.1, 0.2)]);
    const again11 = on("P11", outcome("best3", 0.25, 0.3), [outcome("other1", 0.25, 0.3), outcome("other2", 0.25, 0.2)]);
    const standings = packetStandings([on11, on6, again11]);
    expect(standings.map((s) => [s.packetId, s.best, s.reward === null ? null : Math.round(s.reward * 100)])).toEqual([["P6", true, 30], ["P11", true, 25]]);
    expect(standings.every((s) => s.otherPackets === 1)).toBe(true);
    expect(homePacket([on11, on6])).toEqual(standings[0]);
    expect(packetStandings([])).toEqual([]);
  });
});
