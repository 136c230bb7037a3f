// How cost numbers read: a quantity only some rollouts reported says how many did; one none reported says
// "not reported" rather than 0. Pure and locale-fixed (server and client render the same text).
import { formatCount, formatDuration } from "../format";
import { coverage, type Reported } from "./cost-summary";

export const NOT_REPORTED = "not reported";

/** "$0.0400", "$12.50", "$1,204.00". */
export function formatUsd(usd: number): string {
  return `$${usd.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: Math.abs(usd) < 1 ? 4 : 2 })}`;
}

/** The sum with its coverage: "12,000", "4,000 (4 of 6 rollouts)", or "not reported". */
export function formatReported(q: Reported, rollouts: number, format: (n: number) => string = formatCount): string {
  switch (coverage(q, rollouts)) {
    case "none":
      return NOT_REPORTED;
    case "all":
      return format(q.sum);
    default:
      return `${format(q.sum)} (${formatCount(q.reported)} of ${formatCount(rollouts)} rollouts)`;
  }
}

export const formatTokens = (q: Reported, rollouts: number) => formatReported(q, rollouts);
export const formatCost = (q: Reported, rollouts: number) => formatReported(q, rollouts, formatUsd);
export const formatDurationTotal = (q: Reported, rollouts: number) => formatReported(q, rollouts, formatDuration);

/** A signed difference: "+1,128", "−416", "0". */
export function formatSigned(n: number, format: (n: number) => string = formatCount): string {
  if (n === 0) return format(0);
  return n > 0 ? `+${format(n)}` : `−${format(-n)}`;
}

/** A relative change as a signed percentage of the baseline: "+6.7 %". */
export function formatRelative(fraction: number): string {
  const pct = fraction * 100;
  const text = Math.abs(pct).toFixed(1);
  return text === "0.0" ? "0.0 %" : `${pct > 0 ? "+" : "−"}${text} %`;
}
