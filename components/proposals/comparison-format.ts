// Small display helpers shared by the comparison panel's parts (no React, no db).
import type { Side } from "@/lib/stats/comparison-statistics";

export interface SideLabels {
  base: string;
  candidate: string;
}

/** "Base (H0)", "Candidate (H1)"; just the side when the version has no label. */
export function sideHeading(side: Side, label: string | null): string {
  const name = side === "base" ? "Base" : "Candidate";
  return label ? `${name} (${label})` : name;
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
