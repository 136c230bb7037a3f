// The patch evaluations of one engineer-patch proposal, each with every patch evaluated on the same failure
// packet (to tell whether this one was the packet's best) and the packet's run and target: what the
// proposal page's evidence panel (lib/patches/patch-evidence.ts) is computed from. Server only.
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

export function listProposalPatchEvaluations(store: Store, proposalId: string): { evaluations: PatchEvaluationOnPacket[]; places: Record<string, PacketPlace> } {
  const rows = store.sqlite.prepare(
    `SELECT pe.id, pe.failure_packet_id AS packetId, pe.proposal_id AS proposalId, pe.patch_index AS patchIndex, pe.valid, pe.complete,
            pe.baseline_success AS baselineSuccess, pe.patched_success AS patchedSuccess, pe.reward
       FROM patch_evaluations pe
      WHERE pe.failure_packet_id IN (SELECT failure_packet_id FROM patch_evaluations WHERE proposal_id = ?)
      ORDER BY pe.rowid`,
  ).all(proposalId) as OutcomeRow[];
  const byPacket = new Map<string, PatchOutcome[]>();
  for (const r of rows) {
    const list = byPacket.get(r.packetId) ?? [];
    list.push(outcomeOf(r));
    byPacket.set(r.packetId, list);
  }
  const evaluations = rows.filter((r) => r.proposalId === proposalId)
    .map((r): PatchEvaluationOnPacket => ({ ...outcomeOf(r), packetId: r.packetId, packetPatches: byPacket.get(r.packetId)! }));
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
