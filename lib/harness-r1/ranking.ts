// The hook positions of one ablation set ranked side by side: per environment (already sorted in the set) and,
// when every environment ablated the same positions, by their equal-weight mean over environments — the paper's
// one-line summary ("pre_action −3.9, post_feedback −3.3, …"), which hides that the ranking differs per
// environment, so the page shows both. The mean's SE treats environments as independent: √(Σ SEᵦ²) / B.
import { HOOK_POSITIONS, type HookPosition } from "../domain/vocabulary";
import { Z95 } from "../results/pass-at-1";
import type { AblationSet } from "./ablation";

export interface PositionMean {
  position: HookPosition;
  /** Equal-weight mean of the environments' drops (fraction). */
  mean: number;
  se: number | null;
  ci: [number, number] | null;
}

/** Positions ablated in every environment of the set, largest mean drop first; empty below two environments. */
export function meanDropOverEnvironments(set: AblationSet): PositionMean[] {
  if (set.benchmarks.length < 2) return [];
  const out: PositionMean[] = [];
  for (const position of HOOK_POSITIONS) {
    const drops = set.benchmarks.map((b) => b.bars.find((bar) => bar.position === position)?.drop);
    if (drops.some((d) => d === undefined || d.mean === null)) continue;
    const B = drops.length;
    const mean = drops.reduce((s, d) => s + (d!.mean as number), 0) / B;
    const se = drops.some((d) => d!.se === null) ? null : Math.sqrt(drops.reduce((s, d) => s + (d!.se as number) ** 2, 0)) / B;
    out.push({ position, mean, se, ci: se === null ? null : [mean - Z95 * se, mean + Z95 * se] });
  }
  return out.sort((a, b) => b.mean - a.mean || HOOK_POSITIONS.indexOf(a.position) - HOOK_POSITIONS.indexOf(b.position));
}

/** Whether the order of the positions differs between environments (positions missing somewhere are skipped). */
export function rankingDiffers(set: AblationSet): boolean {
  const common = HOOK_POSITIONS.filter((p) => set.benchmarks.every((b) => b.bars.some((bar) => bar.position === p)));
  const orders = set.benchmarks.map((b) => b.bars.map((bar) => bar.position).filter((p) => common.includes(p)).join(","));
  return new Set(orders).size > 1;
}
