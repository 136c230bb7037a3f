// How the patches page writes a change in success rate: in percentage points with a sign (DOMAIN.md: differences
// between rates are in pp, not relative %), and a reward as the plain number r(B, P) the engineer was trained on.
import { formatNumber } from "../format";

/** A difference of two rates as "+25.0 pp", "−12.5 pp", "0.0 pp"; "—" when unknown. */
export function formatPointChange(delta: number | null, digits = 1): string {
  if (delta === null || !Number.isFinite(delta)) return "—";
  const pp = delta * 100;
  const text = Math.abs(pp).toFixed(digits);
  if (Number(text) === 0) return `${(0).toFixed(digits)} pp`;
  return `${pp > 0 ? "+" : "−"}${text} pp`;
}

/** A reward with an explicit sign for gains, so 0.25 and −0.125 read as changes: "+0.25", "−0.125", "0". */
export function formatReward(reward: number | null): string {
  if (reward === null || !Number.isFinite(reward)) return "—";
  if (reward === 0) return "0";
  return reward > 0 ? `+${formatNumber(reward)}` : `−${formatNumber(-reward)}`;
}
