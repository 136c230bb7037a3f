// How a rate changed between the two sides, in the two ways the paper and the dashboard talk about it:
// relative ("+6.3 %", what the paper reports for a proposal) and in percentage points (what a difference of
// rates is, and what the paired estimate is in). Plus the sensitivity that puts both in proportion: one
// rollout moves a rate over N rollouts by 100/N pp (0.54 pp for the paper's 184).

export interface RateChange {
  /** (candidate − base) / base; null when either rate is unknown or the base is 0 (undefined). */
  relative: number | null;
  /** (candidate − base) × 100; null when either rate is unknown. */
  pp: number | null;
}

export function rateChange(base: number | null, candidate: number | null): RateChange {
  if (base === null || candidate === null) return { relative: null, pp: null };
  const diff = candidate - base;
  return { relative: base === 0 ? null : diff / base, pp: diff * 100 };
}

/** How many pp one rollout flipping from failure to success moves a rate over `rollouts` rollouts; null for none. */
export function oneRolloutPp(rollouts: number): number | null {
  if (!Number.isFinite(rollouts) || rollouts <= 0) return null;
  return 100 / rollouts;
}
