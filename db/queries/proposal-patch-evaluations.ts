// The patch evaluations of engineer-patch proposals, each with every patch evaluated on the same failure packet
// (to tell whether it was the packet's best), in one query for any number of proposals (the inbox and the
// proposal page share it), and for one proposal the packets' runs and targets: what the proposal page's evidence
// panel (lib/patches/patch-evidence.ts) is computed from. Server only.
import "server-only";
import type { Store } from "../client";
import type { PatchOutcome } from "../../lib/patches/patch-reward";
import type { PatchEvaluationOnPacket } from "../../lib/patches/patch-evidence";

export interface PacketPlace {
  packetId: string;
  runId: string | null;
  runName: string | null;
  benchmark: string | null;
  targetModel: string | null;
}

interface OutcomeRow {
  id: string;
  packetId: string;
  proposalId: string | null;
  patchIndex: number | null;
  valid: number;
  complete: number;
  baselineSuccess: number | null;
  patchedSuccess: number | null;
  reward: number | null;
}

const outcomeOf = (r: OutcomeRow): PatchOutcome => ({
  id: r.id, patchIndex: r.patchIndex, valid: r.valid === 1, complete: r.complete === 1,
  baselineSuccess: r.baselineSuccess, patchedSuccess: r.patchedSuccess, reward: r.reward,
});

/**
 * For each of the proposals, its evaluations in arrival order, each with every patch evaluated on the same
 * packet (a patch's rank among its siblings). One query for all of them: the proposal page asks for one, the
 * inbox for every row.
 */
export function loadPatchEvaluationsOnPackets(store: Store, proposalIds: readonly string[]): Map<string, PatchEvaluationOnPacket[]> {
  const byProposal = new Map<string, PatchEvaluationOnPacket[]>();
  if (proposalIds.length === 0) return byProposal;
  const rows = store.sqlite.prepare(
    `SELECT pe.id, pe.failure_packet_id AS packetId, pe.proposal_id AS proposalId, pe.patch_index AS patchIndex, pe.valid, pe.complete,
            pe.baseline_success AS baselineSuccess, pe.patched_success AS patchedSuccess, pe.reward
       FROM patch_evaluations pe
      WHERE pe.failure_packet_id IN (SELECT failure_packet_id FROM patch_evaluations WHERE proposal_id IN (SELECT value FROM json_each(?)))
      ORDER BY pe.rowid`,
  ).all(JSON.stringify(proposalIds)) as OutcomeRow[];
  const byPacket = new Map<string, PatchOutcome[]>();
  for (const r of rows) {
    const list = byPacket.get(r.packetId) ?? [];
    list.push(outcomeOf(r));
    byPacket.set(r.packetId, list);
  }
  const wanted = new Set(proposalIds);
  for (const r of rows) {
    if (r.proposalId === null || !wanted.has(r.proposalId)) continue;
    const list = byProposal.get(r.proposalId) ?? [];
    list.push({ ...outcomeOf(r), packetId: r.packetId, packetPatches: byPacket.get(r.packetId)! });
    byProposal.set(r.proposalId, list);
  }
  return byProposal;
}

export function listProposalPatchEvaluations(store: Store, proposalId: string): { evaluations: PatchEvaluationOnPacket[]; places: Record<string, PacketPlace> } {
  const evaluations = loadPatchEvaluationsOnPackets(store, [proposalId]).get(proposalId) ?? [];
  const places: Record<string, PacketPlace> = {};
  const placeRows = store.sqlite.prepare(
    `SELECT fp.id AS packetId, fp.run_id AS runId, ru.name AS runName, fp.benchmark,
            (SELECT pe.target_model FROM patch_evaluations pe WHERE pe.failure_packet_id = fp.id AND pe.proposal_id = ?) AS targetModel
       FROM failure_packets fp LEFT JOIN runs ru ON ru.id = fp.run_id
      WHERE fp.id IN (SELECT failure_packet_id FROM patch_evaluations WHERE proposal_id = ?)`,
  ).all(proposalId, proposalId) as PacketPlace[];
  for (const p of placeRows) places[p.packetId] = p;
  return { evaluations, places };
}
