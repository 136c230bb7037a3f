// The acceptance rule of HarnessAdapt-RL, exactly as the paper states it: a candidate harness is
// accepted when its pass rate OR its trainable rate strictly increases over the incumbent's and the
// other does not decrease. No significance test (the paper used none). Changes are reported relative
// (+6.3 % = 6.3 % more than the base rate) and in percentage points. Pure: the demo decides with it
// and the dashboard recomputes the same verdict from the stored rollouts.

export interface RatePair {
  /** Share of rollouts that succeed, in [0, 1]. */
  passRate: number;
  /** Share of all sampled rollouts usable for the update (computeTrainingRates), in [0, 1]. */
  trainableRate: number;
}

export interface AcceptanceInput {
  base: RatePair;
  candidate: RatePair;
}

export interface AcceptanceResult {
  verdict: "accept" | "reject";
  /** (candidate − base) / base, e.g. 0.063 for +6.3 %; null when the base rate is 0 (undefined). */
  passRateChange: number | null;
  trainableRateChange: number | null;
  /** (candidate − base) × 100. */
  passRateChangePp: number;
  trainableRateChangePp: number;
  /** In words, e.g. "pass rate +2.7 % but trainable rate −7.0 %: reject". */
  reason: string;
}

/**
 * Differences smaller than this count as ties. Rates are ratios of counts; the same ratio computed
 * along two paths can differ in the last bit, and such noise must not flip a verdict.
 */
export const TIE_TOLERANCE = 1e-12;

function check(name: string, x: number): void {
  if (typeof x !== "number" || !Number.isFinite(x) || x < 0 || x > 1) {
    throw new RangeError(`${name} must be a rate in [0, 1], got ${String(x)}`);
  }
}

/** U+2212 for negatives, as printed in the paper; one decimal, or two significant digits when tiny. */
function signed(x: number): string {
  const abs = Math.abs(x);
  const digits = abs !== 0 && abs < 0.05 ? abs.toPrecision(2) : abs.toFixed(1);
  return `${x < 0 ? "\u2212" : "+"}${digits}`;
}

interface Change {
  direction: -1 | 0 | 1;
  relative: number | null;
  pp: number;
  text: string;
}

function change(name: string, base: number, candidate: number): Change {
  const diff = candidate - base;
  const direction = Math.abs(diff) <= TIE_TOLERANCE ? 0 : diff > 0 ? 1 : -1;
  // The relative change of a zero base is undefined: report it as such and judge by the sign of the
  // absolute change, which is what "strictly increases" means in any case.
  const relative = base === 0 ? null : direction === 0 ? 0 : diff / base;
  const pp = direction === 0 ? 0 : diff * 100;
  let text: string;
  if (direction === 0) text = `${name} unchanged`;
  else if (relative === null) text = `${name} ${signed(pp)} pp from 0 (relative change undefined)`;
  else text = `${name} ${signed(relative * 100)} %`;
  return { direction, relative, pp, text };
}

export function acceptanceRule({ base, candidate }: AcceptanceInput): AcceptanceResult {
  check("base.passRate", base.passRate);
  check("base.trainableRate", base.trainableRate);
  check("candidate.passRate", candidate.passRate);
  check("candidate.trainableRate", candidate.trainableRate);

  const pass = change("pass rate", base.passRate, candidate.passRate);
  const trainable = change("trainable rate", base.trainableRate, candidate.trainableRate);
  const accept =
    (pass.direction > 0 && trainable.direction >= 0) || (trainable.direction > 0 && pass.direction >= 0);

  const opposed = pass.direction * trainable.direction < 0;
  let reason = `${pass.text} ${opposed ? "but" : "and"} ${trainable.text}: ${accept ? "accept" : "reject"}`;
  if (!accept && pass.direction <= 0 && trainable.direction <= 0) reason += " (neither rate increased)";

  return {
    verdict: accept ? "accept" : "reject",
    passRateChange: pass.relative,
    trainableRateChange: trainable.relative,
    passRateChangePp: pass.pp,
    trainableRateChangePp: trainable.pp,
    reason,
  };
}
