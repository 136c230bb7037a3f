// Which measured catalogue candidate the bench tries as the checkpoint's "real gain" (reference-science-gain.ts).
// By the lower bounds of the paired 95 % intervals, not by the point estimates: among 16–19 candidates whose true
// effects are all within ±1 pp, the largest point estimate of min(pass change, trainable change) is mostly the
// luckiest draw (winner's curse). Seed 2's final checkpoint chose verify_before_submit that way (selection:
// trainable +0.3 pp [−0.5, 1.2]); re-measured on streams of its own its trainable change was −0.7 [−1.2, −0.2].
// A real gain must be one the rule should accept: one rate up and the other not down (the pass rate up and the
// trainable rate not down, or the trainable rate up and the pass rate not down). The two claims differ, so do their
// bounds: a rise needs its 95 % interval above zero; "not down" is a non-inferiority claim, asked of a one-sided 90 %
// bound (mean − 1.28 se). With the 95 % bound on both, seed 3's step-12 checkpoint
// passed over refuse_unhelpful_edit + refuse_malformed_edit (selection pass +27.6 pp [24.9, 30.3], trainable +5.5
// [−2.0, 12.5]; re-measured +28.9 [26.2, 31.7] and +7.7 [1.3, 14.5], accepted 10 of 10); on the final checkpoints
// of seeds 1–3 both bounds choose the same.
export interface GainCandidate {
  components: string[];
  pass_pp: number;
  trainable_pp: number;
  /** Paired 95 % intervals over the comparison tasks, in pp; null without tasks. */
  pass_ci95_pp: [number, number] | null;
  trainable_ci95_pp: [number, number] | null;
  /** One-sided 90 % lower bounds of each change (mean − 1.28 se over tasks), in pp; null below two tasks. */
  trainable_lower90_pp: number | null;
  pass_lower90_pp: number | null;
}

const lower95 = (ci: [number, number] | null) => (ci ? ci[0] : -Infinity);
const lower90 = (bound: number | null) => bound ?? -Infinity;

/**
 * The two ways the rule accepts: a pass rise (its 95 % bound) with the trainable rate not down (its one-sided 90 %
 * bound), or a trainable rise with the pass rate not down. A way qualifies when its rise bound is above zero and its
 * other bound not below.
 */
function ways(c: GainCandidate): Array<{ rise: number; risePoint: number; notDown: number }> {
  // "Not down" by the one-sided 90 % bound, or by the 95 % interval when that already excludes a loss: the normal
  // bound dips just below zero where a few tasks rose and none fell (mean − 1.28 se on a skewed sample).
  const notDown = (bound: number | null, ci: [number, number] | null) => Math.max(lower90(bound), lower95(ci));
  return [
    { rise: lower95(c.pass_ci95_pp), risePoint: c.pass_pp, notDown: notDown(c.trainable_lower90_pp, c.trainable_ci95_pp) },
    { rise: lower95(c.trainable_ci95_pp), risePoint: c.trainable_pp, notDown: notDown(c.pass_lower90_pp, c.pass_ci95_pp) },
  ];
}

/**
 * A real gain must matter: its rising criterion moves by at least this many points on the selection draws (issue 38:
 * a "gain" of +0.0 pp [0, 0] that the rule accepts tests nothing). Fixed with the protocol in docs/reference-experiment.md.
 */
export const MIN_REAL_GAIN_PP = 2;
const qualifies = (w: { rise: number; risePoint: number; notDown: number }) => w.rise > 0 && w.risePoint >= MIN_REAL_GAIN_PP && w.notDown >= 0;

/** The smaller of the two lower bounds of the better way (a qualifying one first): how much of a gain the selection draws vouch for. */
export const gainLowerBound = (c: GainCandidate) => {
  const all = ways(c);
  const pool = all.some(qualifies) ? all.filter(qualifies) : all;
  return Math.max(...pool.map((w) => Math.min(w.rise, w.notDown)));
};

export const qualifiesAsRealGain = (c: GainCandidate) => ways(c).some(qualifies);

/** Best first (by gainLowerBound, then by the smaller point estimate); the first that qualifies, or null. */
export function pickRealGain(candidates: readonly GainCandidate[]): { ranked: GainCandidate[]; chosen: GainCandidate | null } {
  const point = (c: GainCandidate) => Math.min(c.pass_pp, c.trainable_pp);
  const ranked = [...candidates].sort((a, b) => gainLowerBound(b) - gainLowerBound(a) || point(b) - point(a));
  return { ranked, chosen: ranked.find(qualifiesAsRealGain) ?? null };
}
