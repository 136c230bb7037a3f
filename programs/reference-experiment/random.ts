// Seeded randomness for the reference experiment: the same seed gives the same tasks, rollouts and
// events. Streams are forked by label so adding a draw in one place does not shift every other one.

/** splitmix32: small, fast, good enough for sampling; never Math.random. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

function hashLabel(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619) >>> 0;
  return h;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream, reproducible from this one's seed and the label. */
  fork(label: string): Rng;
  readonly seed: number;
}

export function createRng(seed: number): Rng {
  const next = splitmix32(seed);
  const rng: Rng = {
    seed,
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    fork: (label) => createRng((hashLabel(label) ^ Math.imul(seed, 0x27d4eb2d)) >>> 0),
  };
  return rng;
}
