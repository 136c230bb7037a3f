// The submitted patch as a unified diff: each display line classified (file header, hunk header,
// added, removed, context) and the files it touches with their +/- counts. Hunk line counts decide
// what a "--- " line is, so a removed line that starts with "-- " is not taken for a file header.
import { displayLines } from "./text-lines";

export type DiffLineKind = "file" | "meta" | "hunk" | "add" | "del" | "context" | "note";

export interface DiffFile {
  oldPath: string | null;
  newPath: string | null;
  added: number;
  removed: number;
  /** Index (in `lines`) of the file's first header line, to jump to it. */
  line: number;
}

export interface ParsedDiff {
  /** Display lines: [start, end) offsets into the patch text, and the kind of their source line. */
  lines: Array<{ start: number; end: number; kind: DiffLineKind }>;
  files: DiffFile[];
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/** "a/src/x.py" → "src/x.py"; "/dev/null" → null; a tab-separated timestamp is dropped. */
function diffPath(raw: string): string | null {
  const path = raw.split("\t")[0].trim();
  if (path === "/dev/null") return null;
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

export function parseUnifiedDiff(text: string, maxChars = 1_000): ParsedDiff {
  const files: DiffFile[] = [];
  const lines: ParsedDiff["lines"] = [];
  const current = (): DiffFile | undefined => files[files.length - 1];
  const startFile = (): DiffFile => {
    const file: DiffFile = { oldPath: null, newPath: null, added: 0, removed: 0, line: lines.length };
    files.push(file);
    return file;
  };
  let oldLeft = 0;
  let newLeft = 0;

  // Classify each source line, then cut it into display lines that inherit its kind.
  for (const [start, end] of displayLines(text, Number.MAX_SAFE_INTEGER)) {
    const line = text.slice(start, end);
    const inHunk = oldLeft > 0 || newLeft > 0;
    let kind: DiffLineKind = "meta";
    if (inHunk && (line.startsWith(" ") || line === "")) {
      kind = "context";
      oldLeft--;
      newLeft--;
    } else if (inHunk && line.startsWith("+")) {
      kind = "add";
      newLeft--;
      const file = current();
      if (file) file.added++;
    } else if (inHunk && line.startsWith("-")) {
      kind = "del";
      oldLeft--;
      const file = current();
      if (file) file.removed++;
    } else if (line.startsWith("\\")) {
      kind = "note";
    } else if (line.startsWith("diff --git ")) {
      kind = "file";
      const file = startFile();
      const paths = /^diff --git a\/(.*) b\/(.*)$/.exec(line);
      if (paths) [file.oldPath, file.newPath] = [paths[1], paths[2]];
      oldLeft = newLeft = 0;
    } else if (line.startsWith("--- ")) {
      // After "diff --git" this names the old file; in a plain unified diff it opens the next file.
      const previous = current();
      const underGitHeader = previous !== undefined && lines[previous.line]?.kind === "file" && previous.added + previous.removed === 0
        && lines.slice(previous.line + 1).every((l) => l.kind === "meta");
      const file = underGitHeader ? previous : startFile();
      file.oldPath = diffPath(line.slice(4));
      kind = file.line === lines.length ? "file" : "meta";
    } else if (line.startsWith("+++ ")) {
      const file = current();
      if (file) file.newPath = diffPath(line.slice(4));
    } else {
      const hunk = HUNK.exec(line);
      if (hunk) {
        kind = "hunk";
        oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
        newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      }
    }
    for (const [s, e] of displayLines(line, maxChars)) lines.push({ start: start + s, end: start + e, kind });
  }
  return { lines, files };
}
