// A small seeded pseudo-random generator for the statistics the UI shows. The bootstrap must give the same
// interval every time a page is rendered (and the same numbers a decision snapshot recorded), so it never
// uses Math.random. mulberry32: 32-bit state, fast, good enough for resampling indices (not for cryptography).

/** A generator of numbers in [0, 1): the same seed yields the same sequence. */
export type Random = () => number;

/** mulberry32 (Tommy Ettinger's public-domain generator); the seed is taken modulo 2³². */
export function mulberry32(seed: number): Random {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${String(seed)}`);
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 32-bit seed from a string (FNV-1a over its UTF-16 code units), so a proposal id gives a stable seed:
 * its comparison shows the same interval on every visit and in every decision snapshot.
 */
export function seedFromString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** An index in [0, n) drawn uniformly. */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}
