import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "./unified-diff";

const GIT_PATCH = [
  "diff --git a/requests/models.py b/requests/models.py",
  "index 99260453..ab1f0a58 100644",
  "--- a/requests/models.py",
  "+++ b/requests/models.py",
  "@@ -386,7 +386,8 @@ class PreparedRequest:",
  "         if body is not None:",
  "-            self.headers['Content-Length'] = '0'",
  "+        elif self.method not in ('GET', 'HEAD'):",
  "+            self.headers['Content-Length'] = '0'",
  "-- a removed line that starts with two dashes",
  "+--- an added line that looks like a header",
  " ",
  "\\ No newline at end of file",
  "diff --git a/new.txt b/new.txt",
  "new file mode 100644",
  "--- /dev/null",
  "+++ b/new.txt",
  "@@ -0,0 +1 @@",
  "+hello",
  "",
].join("\n");

describe("parseUnifiedDiff", () => {
  const parsed = parseUnifiedDiff(GIT_PATCH);
  const kinds = parsed.lines.map((l) => l.kind);

  it("classifies every line of a git patch", () => {
    expect(kinds).toEqual([
      "file", "meta", "meta", "meta", "hunk", "context", "del", "add", "add", "del", "add", "context", "note",
      "file", "meta", "meta", "meta", "hunk", "add",
    ]);
  });

  it("lists the files with their paths and counts", () => {
    expect(parsed.files).toEqual([
      { oldPath: "requests/models.py", newPath: "requests/models.py", added: 3, removed: 2, line: 0 },
      { oldPath: null, newPath: "new.txt", added: 1, removed: 0, line: 13 },
    ]);
  });

  it("keeps offsets that slice back to the lines", () => {
    expect(GIT_PATCH.slice(parsed.lines[6].start, parsed.lines[6].end)).toBe("-            self.headers['Content-Length'] = '0'");
  });

  it("reads a plain unified diff without git headers", () => {
    const plain = "--- a/x.py\t2024-01-01\n+++ b/x.py\n@@ -1 +1 @@\n-old\n+new\n--- y.py\n+++ y.py\n@@ -1,0 +1,1 @@\n+added\n";
    const { files, lines } = parseUnifiedDiff(plain);
    expect(files).toEqual([
      { oldPath: "x.py", newPath: "x.py", added: 1, removed: 1, line: 0 },
      { oldPath: "y.py", newPath: "y.py", added: 1, removed: 0, line: 5 },
    ]);
    expect(lines.map((l) => l.kind)).toEqual(["file", "meta", "hunk", "del", "add", "file", "meta", "hunk", "add"]);
  });

  it("cuts very long lines into display lines of the same kind", () => {
    const { lines } = parseUnifiedDiff(`--- a/m.js\n+++ b/m.js\n@@ -1 +1 @@\n+${"x".repeat(2_500)}\n`, 1_000);
    expect(lines.slice(3).map((l) => [l.kind, l.end - l.start])).toEqual([["add", 1_000], ["add", 1_000], ["add", 501]]);
  });

  it("treats text that is not a diff as meta lines, without files", () => {
    const { files, lines } = parseUnifiedDiff("just a note\nno patch here");
    expect(files).toEqual([]);
    expect(lines.every((l) => l.kind === "meta")).toBe(true);
  });
});
