// WCAG 2.1 contrast between colours, and the nudge that makes a text colour readable on a set of backgrounds.
// Pure: used to build the editor's themes (components/editor/editor-themes.ts) and to test them.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** "#rgb", "#rrggbb" or "rrggbb" (Monaco's token colours are written without the hash). */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace(/^#/, "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits.slice(0, 6);
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** A colour with alpha `alpha` painted over an opaque one. */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  const mix = (t: number, u: number) => t * alpha + u * (1 - alpha);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) };
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour closest to `text` (mixed towards black on light backgrounds, towards white on dark ones) whose
 * contrast with every background reaches `minimum`. A colour that already reaches it comes back unchanged.
 */
export function readableOn(text: string, backgrounds: Rgb[], minimum: number, towards: "black" | "white"): string {
  const start = parseHex(text);
  const target: Rgb = towards === "black" ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
  const passes = (c: Rgb) => backgrounds.every((bg) => contrastRatio(c, bg) >= minimum);
  if (passes(start)) return toHex(start);
  for (let step = 1; step <= 100; step++) {
    const candidate = over(target, step / 100, start);
    const rounded = parseHex(toHex(candidate));
    if (passes(rounded)) return toHex(rounded);
  }
  return toHex(target);
}
