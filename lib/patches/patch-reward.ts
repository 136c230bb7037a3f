// Harness-R1's reward for one engineer patch, and which of a packet's K patches is the best.
// DOMAIN.md: r(B, P) = Δ_B(P), the change in success rate on batch B, if the patch is valid and complete, else 0.

export interface PatchOutcome {
  id: string;
  patchIndex: number | null;
  valid: boolean;
  complete: boolean;
  baselineSuccess: number | null;
  patchedSuccess: number | null;
  /** What the producer reported; null when it sent none. */
  reward: number | null;
}

/** Δ_B(P): patched minus baseline success rate on the batch; null when either side is unknown. */
export function patchDelta(p: Pick<PatchOutcome, "baselineSuccess" | "patchedSuccess">): number | null {
  if (p.baselineSuccess === null || p.patchedSuccess === null) return null;
  return p.patchedSuccess - p.baselineSuccess;
}

/** r(B, P) by the rule: Δ when valid and complete (null if Δ is unknown), else 0. */
export function ruleReward(p: Omit<PatchOutcome, "id" | "patchIndex" | "reward">): number | null {
  return p.valid && p.complete ? patchDelta(p) : 0;
}

/** The reward shown and ranked: the producer's, or the rule's when the producer sent none. */
export function effectiveReward(p: PatchOutcome): number | null {
  return p.reward ?? ruleReward(p);
}

/** Rewards are rates in [0, 1] minus rates; anything below this is float noise, not a disagreement. */
const EPSILON = 1e-9;

/** True when the producer's reward is not what r(B, P) gives from its own numbers (the page points it out). */
export function rewardDisagreesWithRule(p: PatchOutcome): boolean {
  const rule = ruleReward(p);
  return p.reward !== null && rule !== null && Math.abs(p.reward - rule) > EPSILON;
}

/**
 * The best patch of a packet: the highest reward among the valid and complete ones (an invalid or incomplete
 * patch earns nothing whatever its numbers). Ties go to the lower patch index, then the id, so the mark is
 * stable across reloads. Null when no valid, complete patch has a known reward.
 */
export function bestPatchId(patches: readonly PatchOutcome[]): string | null {
  let best: { id: string; reward: number; index: number } | null = null;
  for (const p of patches) {
    if (!p.valid || !p.complete) continue;
    const reward = effectiveReward(p);
    if (reward === null) continue;
    const index = p.patchIndex ?? Number.POSITIVE_INFINITY;
    const better =
      best === null ||
      reward > best.reward + EPSILON ||
      (Math.abs(reward - best.reward) <= EPSILON && (index < best.index || (index === best.index && p.id < best.id)));
    if (better) best = { id: p.id, reward, index };
  }
  return best?.id ?? null;
}
