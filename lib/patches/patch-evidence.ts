// The evidence an engineer patch's proposal page shows, so a reviewer does not decide blind: each evaluation of
// the patch on a failure packet (baseline vs patched success on the same batch, Δ, reward r(B, P), validity,
// whether it was its packet's best) and, over the packets where it was valid and complete, the mean Δ with a
// paired bootstrap interval. Packets are the unit resampled: a patch's Δ on one batch is paired by
// construction (both sides ran the same tasks), while the tasks inside a batch are not stored per patch.
import { pairedBootstrap, type PairedEstimate } from "../stats/paired-bootstrap";
import { seedFromString } from "../stats/prng";
import { bestPatchId, effectiveReward, patchDelta, rewardDisagreesWithRule, type PatchOutcome } from "./patch-reward";

export interface PatchEvaluationOnPacket extends PatchOutcome {
  packetId: string;
  /** Every patch evaluated on the same packet (this one included): decides whether this one was the best. */
  packetPatches: readonly PatchOutcome[];
}

export interface PatchEvaluationLine {
  id: string;
  packetId: string;
  patchIndex: number | null;
  valid: boolean;
  complete: boolean;
  baselineSuccess: number | null;
  patchedSuccess: number | null;
  delta: number | null;
  /** The producer's reward, else r(B, P) from the numbers. */
  reward: number | null;
  rewardDisagrees: boolean;
  bestInPacket: boolean;
}

export interface PatchEvidence {
  lines: PatchEvaluationLine[];
  /** Evaluations that were valid and complete with both success rates known: the ones Δ is averaged over. */
  counted: number;
  /** Mean Δ over the counted packets with its 95 % interval (packets resampled), seeded by the proposal. */
  delta: PairedEstimate;
  /** Mean reward over every evaluation (invalid or incomplete ones earn 0 by the rule). */
  meanReward: number | null;
  bestIn: number;
}

/** Δ of each evaluation that was valid and complete with both success rates known: what the mean Δ averages. */
export function countedDeltas(evaluations: readonly Pick<PatchOutcome, "valid" | "complete" | "baselineSuccess" | "patchedSuccess">[]): number[] {
  return evaluations.filter((e) => e.valid && e.complete).map(patchDelta).filter((d): d is number => d !== null);
}

/** The mean Δ over the counted packets without its interval: what a list of many patches (the inbox) shows. */
export function patchMeanDelta(evaluations: readonly PatchOutcome[]): { mean: number | null; counted: number } {
  const deltas = countedDeltas(evaluations);
  return { mean: deltas.length > 0 ? deltas.reduce((a, b) => a + b, 0) / deltas.length : null, counted: deltas.length };
}

export function patchEvidence(proposalId: string, evaluations: readonly PatchEvaluationOnPacket[]): PatchEvidence {
  const lines = evaluations.map((e): PatchEvaluationLine => ({
    id: e.id,
    packetId: e.packetId,
    patchIndex: e.patchIndex,
    valid: e.valid,
    complete: e.complete,
    baselineSuccess: e.baselineSuccess,
    patchedSuccess: e.patchedSuccess,
    delta: patchDelta(e),
    reward: effectiveReward(e),
    rewardDisagrees: rewardDisagreesWithRule(e),
    bestInPacket: bestPatchId(e.packetPatches) === e.id,
  }));
  const deltas = countedDeltas(evaluations);
  const rewards = lines.map((l) => l.reward).filter((r): r is number => r !== null);
  return {
    lines,
    counted: deltas.length,
    delta: pairedBootstrap(deltas, { seed: seedFromString(proposalId) }),
    meanReward: rewards.length > 0 ? rewards.reduce((a, b) => a + b, 0) / rewards.length : null,
    bestIn: lines.filter((l) => l.bestInPacket).length,
  };
}
