// Display of changes and intervals, in the paper's style: a sign always, U+2212 for minus, "pp" for
// percentage points and "%" (with a space) for relative changes. Pure, locale-fixed (server and client agree).
// Plain rates and counts use lib/format (formatPercent, formatCount, formatRatio).

const EM_DASH = "—";
const MINUS = "\u2212";

function signed(x: number, digits: number): string {
  const text = Math.abs(x).toFixed(digits);
  // A value that rounds to zero is shown without a sign: "−0.0" would claim a direction it does not have.
  if (Number(text) === 0) return text;
  return `${x < 0 ? MINUS : "+"}${text}`;
}

/** Percentage points: "+2.5 pp", "−0.5 pp", "0.0 pp". */
export function formatPp(pp: number | null | undefined, digits = 1): string {
  if (pp === null || pp === undefined || !Number.isFinite(pp)) return EM_DASH;
  return `${signed(pp, digits)} pp`;
}

/** A size in percentage points, without a sign (a standard error): "1.2 pp". */
export function formatSizePp(pp: number | null | undefined, digits = 1): string {
  if (pp === null || pp === undefined || !Number.isFinite(pp)) return EM_DASH;
  return `${Math.abs(pp).toFixed(digits)} pp`;
}

/** A difference of two rates (fractions) in percentage points. */
export function formatRateDiffPp(diff: number | null | undefined, digits = 1): string {
  return diff === null || diff === undefined ? EM_DASH : formatPp(diff * 100, digits);
}

/** A relative change as the paper reports it: 0.063 → "+6.3 %"; "—" when undefined (base rate 0). */
export function formatRelativeChange(relative: number | null | undefined, digits = 1): string {
  if (relative === null || relative === undefined || !Number.isFinite(relative)) return EM_DASH;
  return `${signed(relative * 100, digits)} %`;
}

/** A 95 % interval of a rate difference, in pp: "−1.1 to +4.3 pp". */
export function formatIntervalPp(ci: readonly [number, number] | null | undefined, digits = 1): string {
  if (!ci) return EM_DASH;
  return `${signed(ci[0] * 100, digits)} to ${signed(ci[1] * 100, digits)} pp`;
}

/** A probability with two decimals: "0.93". */
export function formatProbability(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return EM_DASH;
  return p.toFixed(2);
}

/** The size of one rollout in a rate, "0.54 pp" (two decimals: it is usually below one point). */
export function formatSensitivityPp(pp: number | null | undefined): string {
  if (pp === null || pp === undefined || !Number.isFinite(pp)) return EM_DASH;
  return `${pp.toFixed(2)} pp`;
}
