// Min-max decimation of a long series for drawing. A chart 1,000 pixels wide cannot show 100,000 points, but
// sampling every k-th point (what many trackers do) silently drops the one step where the reward collapsed.
// Here the series is cut into buckets of consecutive points (in x order) and each bucket keeps its first,
// minimum, maximum and last point, so every spike survives and the line still joins bucket to bucket.
// Pure: the server reduces, the chart draws what it gets and says that it was reduced.

/** Each bucket keeps at most this many points (first, min, max, last). */
export const POINTS_PER_BUCKET = 4;

/**
 * The indices to keep from a series of `count` points in x order so that at most `maxPoints` remain, or
 * null when the series already fits (keep all). `valueAt(i)` is the point's value; null values (gaps) are
 * never a bucket's min or max but may be its first or last point, so gaps stay where they were.
 */
export function downsampleIndices(count: number, valueAt: (i: number) => number | null, maxPoints: number): number[] | null {
  if (!Number.isInteger(maxPoints) || maxPoints < POINTS_PER_BUCKET) throw new RangeError(`maxPoints must be a whole number ≥ ${POINTS_PER_BUCKET}, not ${maxPoints}`);
  if (count <= maxPoints) return null;
  const buckets = Math.floor(maxPoints / POINTS_PER_BUCKET);
  const kept: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor((b * count) / buckets);
    const end = Math.floor(((b + 1) * count) / buckets); // exclusive; buckets < count, so never empty
    let minAt = -1;
    let maxAt = -1;
    let min = Infinity;
    let max = -Infinity;
    for (let i = start; i < end; i++) {
      const v = valueAt(i);
      if (v === null || !Number.isFinite(v)) continue;
      if (v < min) {
        min = v;
        minAt = i;
      }
      if (v > max) {
        max = v;
        maxAt = i;
      }
    }
    // The four in index order, without repeats (a bucket's first point may also be its minimum).
    const picks = [start, minAt, maxAt, end - 1].filter((i) => i >= 0).sort((a, b2) => a - b2);
    for (let k = 0; k < picks.length; k++) if (k === 0 || picks[k] !== picks[k - 1]) kept.push(picks[k]);
  }
  return kept;
}

export interface Downsampled<T> {
  points: T[];
  /** True when points were dropped. */
  reduced: boolean;
  originalCount: number;
}

/** The points to draw (in the order given, which must be x order): all of them, or per bucket first, min, max and last. */
export function downsample<T>(points: readonly T[], maxPoints: number, value: (p: T) => number | null): Downsampled<T> {
  const keep = downsampleIndices(points.length, (i) => value(points[i]), maxPoints);
  return keep === null
    ? { points: [...points], reduced: false, originalCount: points.length }
    : { points: keep.map((i) => points[i]), reduced: true, originalCount: points.length };
}
