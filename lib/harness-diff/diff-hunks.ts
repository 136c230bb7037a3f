// A file's diff as plain rows (kept, added, removed, each with its line numbers) grouped into hunks with a
// few lines of context: the text the page shows in its first render, before Monaco has loaded, and what
// stays readable without JavaScript. Pure.
//
// Myers' algorithm with its path kept (the +/− counts in line-diff.ts only need its length). A work budget
// keeps a huge rewrite cheap: past it, the changed middle is shown as all removed then all added, still a
// correct diff though not the shortest. A side that does not exist (null) is not an empty file: an added
// file is every line added and nothing removed, as the file tree's counts say.
import { commonEnds, internLines, shortestEditLength, splitLines } from "./line-diff";

export type DiffRowKind = "context" | "added" | "removed";

export interface DiffRow {
  kind: DiffRowKind;
  text: string;
  /** 1-based line numbers; null on the side the row does not exist in. */
  oldLine: number | null;
  newLine: number | null;
}

export interface DiffHunk {
  /** Unchanged lines left out before this hunk. */
  skippedBefore: number;
  rows: DiffRow[];
}

export interface DiffHunks {
  hunks: DiffHunk[];
  /** Unchanged lines left out after the last hunk. */
  skippedAfter: number;
  added: number;
  removed: number;
}

export const DEFAULT_CONTEXT_LINES = 3;
/** Steps of the Myers loop allowed before the changed middle is shown as removed-then-added. */
export const DEFAULT_DIFF_WORK_BUDGET = 400_000;

type Op = "=" | "+" | "-";

export function diffHunks(
  original: string | null,
  modified: string | null,
  context = DEFAULT_CONTEXT_LINES,
  workBudget = DEFAULT_DIFF_WORK_BUDGET,
): DiffHunks {
  const a = original === null ? [] : splitLines(original);
  const b = modified === null ? [] : splitLines(modified);
  const rows = toRows(editScript(a, b, workBudget), a, b);
  return group(rows, context);
}

/** The edit script from a to b: "=" keeps a line of both, "-" drops one of a, "+" takes one of b. */
function editScript(a: string[], b: string[], workBudget: number): Op[] {
  const { start, endA, endB } = commonEnds(a, b);
  const head: Op[] = new Array<Op>(start).fill("=");
  const tail: Op[] = new Array<Op>(a.length - endA).fill("=");
  const [ia, ib] = internLines(a.slice(start, endA), b.slice(start, endB));
  const middle = myersPath(ia, ib, workBudget) ?? [...new Array<Op>(ia.length).fill("-"), ...new Array<Op>(ib.length).fill("+")];
  return [...head, ...middle, ...tail];
}

/** Myers' greedy search (line-diff's) keeping each round's frontier (O(D²) memory), then walked back; null past the budget. */
function myersPath(a: Int32Array, b: Int32Array, workBudget: number): Op[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0) return new Array<Op>(m).fill("+");
  if (m === 0) return new Array<Op>(n).fill("-");
  // trace[d]: the frontier before round d, diagonals −d…d stored at index k + d.
  const trace: Int32Array[] = [];
  const found = shortestEditLength(a, b, workBudget, (v, d, offset) => trace.push(v.slice(offset - d, offset + d + 1)));
  if (found === null) return null;
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const frontier = trace[d];
    const at = (k: number) => frontier[k + d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push("=");
      x--;
      y--;
    }
    ops.push(x === prevX ? "+" : "-");
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    ops.push("=");
    x--;
    y--;
  }
  return ops.reverse();
}

function toRows(ops: Op[], a: string[], b: string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  for (const op of ops) {
    if (op === "=") rows.push({ kind: "context", text: b[j], oldLine: ++i, newLine: ++j });
    else if (op === "-") rows.push({ kind: "removed", text: a[i], oldLine: ++i, newLine: null });
    else rows.push({ kind: "added", text: b[j], oldLine: null, newLine: ++j });
  }
  return rows;
}

/** Keeps the changed rows and `context` kept rows around each; runs of kept rows between hunks are counted. */
function group(rows: DiffRow[], context: number): DiffHunks {
  const keep = new Uint8Array(rows.length);
  let added = 0;
  let removed = 0;
  rows.forEach((row, i) => {
    if (row.kind === "context") return;
    if (row.kind === "added") added++;
    else removed++;
    for (let j = Math.max(0, i - context); j <= Math.min(rows.length - 1, i + context); j++) keep[j] = 1;
  });
  const hunks: DiffHunk[] = [];
  let skipped = 0;
  let current: DiffHunk | null = null;
  for (let i = 0; i < rows.length; i++) {
    if (!keep[i]) {
      skipped++;
      current = null;
      continue;
    }
    if (!current) {
      current = { skippedBefore: skipped, rows: [] };
      hunks.push(current);
      skipped = 0;
    }
    current.rows.push(rows[i]);
  }
  return { hunks, skippedAfter: skipped, added, removed };
}
