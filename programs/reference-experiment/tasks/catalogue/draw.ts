// Small drawing helpers for the templates' test cases, and the `js` tag that keeps template sources
// readable in TypeScript (verbatim text, first newline dropped).
import type { Rng } from "../../random";

/** Integer in [lo, hi], both included. */
export const int = (rng: Rng, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);

export const intList = (rng: Rng, length: number, lo: number, hi: number): number[] =>
  Array.from({ length }, () => int(rng, lo, hi));

/** `count` distinct integers in [lo, hi], ascending. */
export function sortedDistinct(rng: Rng, count: number, lo: number, hi: number): number[] {
  const pool = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  return rng.shuffle(pool).slice(0, count).sort((a, b) => a - b);
}

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "so", "vi", "ba", "de", "xu", "po"];

/** A lower-case pseudo-word of 1–3 syllables. */
export const word = (rng: Rng): string => Array.from({ length: 1 + rng.int(3) }, () => rng.pick(SYLLABLES)).join("");

export const words = (rng: Rng, count: number): string[] => Array.from({ length: count }, () => word(rng));

/** Call `draw` n times: the random part of a template's cases. */
export const times = <T>(n: number, draw: () => T): T[] => Array.from({ length: n }, draw);

/** Template source text: verbatim (String.raw), without the newline after the opening backtick. */
export function js(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw(strings, ...values).replace(/^\n/, "");
  return text.endsWith("\n") ? text : `${text}\n`;
}
