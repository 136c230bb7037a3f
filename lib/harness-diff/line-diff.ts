// How many lines a change adds and removes, the +/− counts of the harness diff's file tree.
//
// Myers' O((N+M)·D) algorithm gives the length D of the shortest edit script; with only insertions and
// deletions, added − removed = M − N, so the two counts follow from D without keeping the edit path (memory
// stays O(N+M)). A work budget keeps a huge, wholly rewritten file from blocking the server: past it the
// counts come from a multiset comparison of the lines and are marked inexact (the UI shows "≈").

export interface LineCounts {
  added: number;
  removed: number;
  /** false when the work budget ran out and the counts are an estimate. */
  exact: boolean;
}

/** Steps of the Myers loop allowed per file before falling back to the estimate. */
export const DEFAULT_WORK_BUDGET = 5_000_000;

/** The lines of a text as a diff sees them: a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Where two line lists stop agreeing: the length of their common head, and where their common tail begins in each. */
export function commonEnds<T>(a: ArrayLike<T>, b: ArrayLike<T>): { start: number; endA: number; endB: number } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { start, endA, endB };
}

export function countLineChanges(before: string, after: string, workBudget = DEFAULT_WORK_BUDGET): LineCounts {
  if (before === after) return { added: 0, removed: 0, exact: true };
  const [a, b] = internLines(splitLines(before), splitLines(after));

  // Common head and tail never take part in an edit; trimming them makes the usual small change cheap.
  const { start, endA, endB } = commonEnds(a, b);
  const n = endA - start;
  const m = endB - start;
  // Same lines, different text: only the final newline (or the line ending style) differs.
  if (n === 0 && m === 0) return { added: 1, removed: 1, exact: true };
  if (n === 0 || m === 0) return { added: m, removed: n, exact: true };

  const d = shortestEditLength(a.subarray(start, endA), b.subarray(start, endB), workBudget);
  if (d === null) return { ...multisetEstimate(a.subarray(start, endA), b.subarray(start, endB)), exact: false };
  return { added: (d + m - n) / 2, removed: (d - m + n) / 2, exact: true };
}

/** Lines as small integers, so the inner loop compares numbers instead of strings. */
export function internLines(before: string[], after: string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  return [Int32Array.from(before, idOf), Int32Array.from(after, idOf)];
}

/**
 * Myers' greedy forward search: the length of the shortest edit script; null when the budget runs out first.
 * `beforeRound` sees the frontier v (diagonal k at v[k + offset]) before each round d (diff-hunks keeps them to
 * walk the path back).
 */
export function shortestEditLength(
  a: Int32Array,
  b: Int32Array,
  workBudget: number,
  beforeRound?: (v: Int32Array, d: number, offset: number) => void,
): number | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  // v[k + offset]: the furthest x reached on diagonal k = x − y.
  const v = new Int32Array(2 * max + 3);
  let work = 0;
  for (let d = 0; d <= max; d++) {
    beforeRound?.(v, d, offset);
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[k - 1 + offset] < v[k + 1 + offset]) ? v[k + 1 + offset] : v[k - 1 + offset] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        work++;
      }
      v[k + offset] = x;
      if (x >= n && y >= m) return d;
      if (++work > workBudget) return null;
    }
  }
  return max;
}

/** Lines only one side holds, counted with multiplicity: a lower bound of the true counts. */
function multisetEstimate(a: Int32Array, b: Int32Array): { added: number; removed: number } {
  const balance = new Map<number, number>();
  for (const line of a) balance.set(line, (balance.get(line) ?? 0) + 1);
  for (const line of b) balance.set(line, (balance.get(line) ?? 0) - 1);
  let added = 0;
  let removed = 0;
  for (const count of balance.values()) {
    if (count > 0) removed += count;
    else added -= count;
  }
  return { added, removed };
}
