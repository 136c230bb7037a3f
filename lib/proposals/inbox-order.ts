// The order of the inbox: engineer patches grouped by failure packet with the packet's best patch first, so a
// reviewer sees each packet's winner before its weaker siblings, and everything else newest first. A patch
// evaluated on several packets (the engineer proposed the same change for each) is listed under EVERY one of
// them, with its standing there, so each packet shows all its proposed patches together, best first; its "home"
// packet (one where it was the best if any, the highest reward among those, else its highest reward) comes first.
// Groups and single rows are placed by their newest member, so a packet group sits where its newest patch would.
// Pure.
import { bestPatchId, effectiveReward } from "../patches/patch-reward";
import type { PatchEvaluationOnPacket } from "../patches/patch-evidence";

/** A patch's standing on the packet it is listed under. */
export interface PacketStanding {
  packetId: string;
  /** This patch was the packet's best (the highest reward among its valid, complete patches). */
  best: boolean;
  /** r(B, P) on that packet: the producer's, else the rule's. */
  reward: number | null;
  /** Patches evaluated on the packet, this one included. */
  patches: number;
  /** Other packets this patch was evaluated on. */
  otherPackets: number;
}

const rank = (x: number | null) => (x === null ? Number.NEGATIVE_INFINITY : x);
/** Higher first; two unknowns are equal. */
const descending = (x: number | null, y: number | null) => (rank(x) === rank(y) ? 0 : rank(x) > rank(y) ? -1 : 1);

type Scored = { e: PatchEvaluationOnPacket; best: boolean; reward: number | null };
/** A best evaluation beats any other; then the higher reward. */
const beats = (a: Scored, b: Scored) => (a.best && !b.best) || (a.best === b.best && rank(a.reward) > rank(b.reward));

/**
 * The patch's standing on each packet it was evaluated on (on a packet where it was evaluated twice, its better
 * evaluation), home packet first, then the others in storage order. Empty without evaluations.
 */
export function packetStandings(evaluations: readonly PatchEvaluationOnPacket[]): PacketStanding[] {
  const byPacket = new Map<string, Scored>();
  for (const e of evaluations) {
    const scored = { e, best: bestPatchId(e.packetPatches) === e.id, reward: effectiveReward(e) };
    const seen = byPacket.get(e.packetId);
    if (!seen || beats(scored, seen)) byPacket.set(e.packetId, scored);
  }
  const all = [...byPacket.values()];
  const home = all.reduce<Scored | null>((h, s) => (h === null || beats(s, h) ? s : h), null);
  const ordered = home ? [home, ...all.filter((s) => s !== home)] : [];
  return ordered.map((s) => ({ packetId: s.e.packetId, best: s.best, reward: s.reward, patches: s.e.packetPatches.length, otherPackets: all.length - 1 }));
}

/** The packet a patch is listed under first, or null when it has no evaluation. Evaluations in storage order. */
export function homePacket(evaluations: readonly PatchEvaluationOnPacket[]): PacketStanding | null {
  return packetStandings(evaluations)[0] ?? null;
}

export interface OrderableRow {
  createdAt: number;
  /** Set for an engineer patch that was evaluated: the packet it is listed under. */
  packet: PacketStanding | null;
}

export interface InboxSegment<R> {
  /** The failure packet of a group of engineer patches; null for rows that are not grouped. */
  packetId: string | null;
  rows: R[];
}

/** Rows in inbox order (newest first, as they come) regrouped into segments; rows keep their relative order otherwise. */
export function groupInboxRows<R extends OrderableRow>(rows: readonly R[]): InboxSegment<R>[] {
  const units: Array<{ segment: InboxSegment<R>; newest: number; first: number }> = [];
  const groups = new Map<string, (typeof units)[number]>();
  rows.forEach((row, index) => {
    const packetId = row.packet?.packetId ?? null;
    const group = packetId === null ? undefined : groups.get(packetId);
    if (group) {
      group.segment.rows.push(row);
      group.newest = Math.max(group.newest, row.createdAt);
      return;
    }
    const unit = { segment: { packetId, rows: [row] }, newest: row.createdAt, first: index };
    units.push(unit);
    if (packetId !== null) groups.set(packetId, unit);
  });
  for (const unit of groups.values()) {
    const order = new Map(unit.segment.rows.map((r, i) => [r, i]));
    unit.segment.rows.sort((a, b) =>
      Number(b.packet!.best) - Number(a.packet!.best) || descending(a.packet!.reward, b.packet!.reward) || order.get(a)! - order.get(b)!);
  }
  // Neighbouring ungrouped rows form one segment.
  const segments: InboxSegment<R>[] = [];
  for (const { segment } of units.sort((a, b) => b.newest - a.newest || a.first - b.first)) {
    const last = segments.at(-1);
    if (segment.packetId === null && last && last.packetId === null) last.rows.push(...segment.rows);
    else segments.push(segment);
  }
  return segments;
}
