// A line-based unified diff, for the patch an episode submits (the trajectory's `submission`) and for
// view_diff-style tools. Task files are a few dozen lines and edits touch one or two of them, so a plain
// LCS table is fast enough and keeps the output identical to what `diff -u` would print for the hunks.

const CONTEXT = 3;

type Op = { kind: " " | "-" | "+"; text: string; a: number; b: number };

function splitLines(s: string): string[] {
  if (s === "") return [];
  const lines = s.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The edit script from a to b (longest common subsequence, deletions before insertions). */
function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = length of the LCS of a[i..] and b[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: " ", text: a[i], a: i++, b: j++ });
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ kind: "-", text: a[i], a: i++, b: j });
    else ops.push({ kind: "+", text: b[j], a: i, b: j++ });
  }
  return ops;
}

// diff -u writes a one-line side as "5" and an empty side as the line it follows, "4,0".
const range = (start: number, count: number) => (count === 1 ? `${start}` : count === 0 ? `${start - 1},0` : `${start},${count}`);

/**
 * `--- a/path` / `+++ b/path` and @@ hunks with 3 lines of context; "" when the lines are equal
 * (a difference in the final newline alone is not shown).
 */
export function unifiedDiff(before: string, after: string, path: string): string {
  const a = splitLines(before);
  const b = splitLines(after);
  if (a.length === b.length && a.every((line, i) => line === b[i])) return "";
  const ops = editScript(a, b);
  const changed = ops.map((op, k) => (op.kind !== " " ? k : -1)).filter((k) => k >= 0);
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let k = 0;
  while (k < changed.length) {
    // Grow a hunk while the next change is within 2×CONTEXT unchanged lines of the last one.
    let last = k;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] <= 2 * CONTEXT) last++;
    const start = Math.max(0, changed[k] - CONTEXT);
    const end = Math.min(ops.length - 1, changed[last] + CONTEXT);
    const hunk = ops.slice(start, end + 1);
    const aCount = hunk.filter((op) => op.kind !== "+").length;
    const bCount = hunk.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${range(hunk[0].a + 1, aCount)} +${range(hunk[0].b + 1, bCount)} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.text}`);
    k = last + 1;
  }
  return `${out.join("\n")}\n`;
}
