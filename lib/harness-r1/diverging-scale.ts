// The heatmap's diverging colour scale: 0 is the page's surface, gains shade towards --success and losses towards
// --danger, in proportion to |Δ| over the grid's largest |Δ| (symmetric, so equal sizes get equal shades either
// way). The shade is capped so the number printed in the cell stays readable in light and dark themes; the
// number, not the colour, carries the value.

/** Strongest mix of the tone into the surface, in percent. */
export const MAX_MIX_PERCENT = 45;
/** The scale never ends below 1 pp, so a grid of tiny differences is not painted as if they were large. */
export const MIN_SCALE_END = 0.01;

export type Tone = "gain" | "loss" | "none";

export interface Shade {
  tone: Tone;
  /** 0..MAX_MIX_PERCENT, rounded to whole percents. */
  mix: number;
}

export function scaleEnd(maxAbsDelta: number): number {
  return Math.max(MIN_SCALE_END, Number.isFinite(maxAbsDelta) ? maxAbsDelta : 0);
}

export function shadeOf(delta: number | null, end: number): Shade {
  if (delta === null || !Number.isFinite(delta) || delta === 0) return { tone: "none", mix: 0 };
  const strength = Math.min(1, Math.abs(delta) / end);
  return { tone: delta > 0 ? "gain" : "loss", mix: Math.round(strength * MAX_MIX_PERCENT) };
}

/** The CSS background of a shade. */
export function shadeCss({ tone, mix }: Shade): string {
  if (tone === "none" || mix === 0) return "var(--surface)";
  return `color-mix(in srgb, var(${tone === "gain" ? "--success" : "--danger"}) ${mix}%, var(--surface))`;
}
