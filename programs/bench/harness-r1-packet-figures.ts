// Harness-R1's regression-to-the-mean check (issue 16): does the engineer's reward follow the packet, or the luck of
// a draw? Each packet carries three H0 estimates of the target's success on its batch (its baseline, the control the
// rewards subtract, a check on streams of its own) and the mean reward of its patches (programs/reference-experiment/run/harness-r1.ts).

export interface PacketOutcome {
  baseline: number;
  control: number;
  independentBaseline: number;
  meanReward: number;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
// `+ 0` turns −0 into 0.
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits + 0;

/** Pearson's r, to 2 decimals; null for fewer than 3 points or a constant series. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new Error("correlation needs two series of the same length");
  if (xs.length < 3) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0, sxx = 0, syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? null : round(sxy / Math.sqrt(sxx * syy), 2);
}

/**
 * Correlations of the mean reward, over packets, with:
 * - the packet's baseline (the draw its failures come from);
 * - an independent estimate of the same packet: does the reward follow the packet's difficulty? A real effect, not an
 *   artefact: a packet the target already solves can only lose, and most patches lose something;
 * - the baseline's luck, baseline − independent estimate: the artefact check. Both are unbiased estimates of the
 *   packet's true success p, so given p their difference has mean 0, and its covariance with anything that depends
 *   only on p (difficulty, headroom) is 0. A reward that correlates with the luck shares noise with the baseline draw:
 *   regression to the mean (a lucky-low draw makes any patch look good), which is what the issue complained of;
 * - the control the rewards subtract, and its luck (control − independent estimate): negative by construction (a
 *   reward is patched − control, and a patch that changes the target's moves decouples the two runs). That is the
 *   paired difference's own noise: a fresh draw, unrelated to how the packet was made (its failures, the engineer's
 *   features), mostly shared by the packet's K patches (GRPO's centring within the packet removes that part).
 */
export function packetCorrelations(packets: readonly PacketOutcome[]) {
  const reward = packets.map((p) => p.meanReward);
  return {
    corr_baseline_reward: correlation(packets.map((p) => p.baseline), reward),
    corr_independent_baseline_reward: correlation(packets.map((p) => p.independentBaseline), reward),
    corr_luck_reward: correlation(packets.map((p) => p.baseline - p.independentBaseline), reward),
    corr_control_reward: correlation(packets.map((p) => p.control), reward),
    corr_control_luck_reward: correlation(packets.map((p) => p.control - p.independentBaseline), reward),
  };
}

/** A per-packet series as means per training step (packets in order, perStep of them a step), to 3 decimals. */
export function byStep(values: readonly number[], perStep: number): number[] {
  const steps: number[] = [];
  for (let i = 0; i < values.length; i += perStep) steps.push(round(mean(values.slice(i, i + perStep)), 3));
  return steps;
}
