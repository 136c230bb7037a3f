// The numbers of each inbox row, for all rows at once in a fixed number of queries (never one per row; the comparisons are the ones
// already loaded for the rule's verdicts): a
// teacher proposal's paired Δ of the pass rate from its newest comparison (the one the rule's verdict uses),
// an engineer patch's mean Δ over its packets and the failure packet it is listed under (lib/proposals/
// inbox-delta.ts, lib/proposals/inbox-order.ts). Server only.
import "server-only";
import type { Store } from "../client";
import type { ProposalKind } from "./types";
import type { NewestComparisons, SideRolloutRow } from "./proposal-rule-verdict";
import { comparisonDelta, patchesDelta, reportedDelta, type InboxDelta } from "../../lib/proposals/inbox-delta";
import { packetStandings, type PacketStanding } from "../../lib/proposals/inbox-order";
import { loadPatchEvaluationsOnPackets } from "./proposal-patch-evaluations";

export interface InboxEvidence {
  delta: InboxDelta | null;
  /** Engineer patches with evaluations: its standing on each packet it is listed under, home packet first. */
  packets: PacketStanding[];
}

/** Each teacher proposal's Δ from its newest comparison, as loaded for the rule's verdicts (no second read). */
function teacherDeltas(loaded: NewestComparisons): Map<string, InboxDelta | null> {
  const result = new Map<string, InboxDelta | null>();
  for (const c of loaded.comparisons) {
    const sides = loaded.byComparison.get(c.id);
    const toRollout = (side: "base" | "candidate") => (r: SideRolloutRow) => ({ side, id: r.id, taskId: r.taskId, success: r.success === 1, reward: r.reward, truncated: r.truncated === 1 });
    result.set(c.proposalId, sides && sides.base.length > 0 && sides.candidate.length > 0
      ? comparisonDelta([...sides.base.map(toRollout("base")), ...sides.candidate.map(toRollout("candidate"))])
      : reportedDelta(c.reported ? (JSON.parse(c.reported) as Record<string, unknown>) : null));
  }
  return result;
}

function patchEvidence(store: Store, ids: string[]): Map<string, InboxEvidence> {
  const result = new Map<string, InboxEvidence>();
  if (ids.length === 0) return result;
  // Every evaluation on a packet that one of these patches was evaluated on: a patch's rank needs its siblings.
  const byProposal = loadPatchEvaluationsOnPackets(store, ids);
  for (const id of ids) {
    const evaluations = byProposal.get(id) ?? [];
    result.set(id, { delta: evaluations.length > 0 ? patchesDelta(evaluations) : null, packets: packetStandings(evaluations) });
  }
  return result;
}

/** `loaded`: the rows' newest comparisons (loadNewestComparisons), shared with the rule's verdicts. */
export function getInboxEvidence(store: Store, rows: ReadonlyArray<{ id: string; kind: ProposalKind }>, loaded: NewestComparisons): Map<string, InboxEvidence> {
  const teacher = teacherDeltas(loaded);
  const patches = patchEvidence(store, rows.filter((r) => r.kind === "engineer_patch").map((r) => r.id));
  const result = new Map<string, InboxEvidence>();
  for (const r of rows) result.set(r.id, patches.get(r.id) ?? { delta: teacher.get(r.id) ?? null, packets: [] });
  return result;
}
