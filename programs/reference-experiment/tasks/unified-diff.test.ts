import { describe, expect, it } from "vitest";
import { unifiedDiff } from "./unified-diff";

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("unifiedDiff", () => {
  it("is empty for equal texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", "src/x.js")).toBe("");
  });

  it("writes one hunk with three lines of context", () => {
    const before = lines(10);
    const after = before.replace("line 5\n", "line five\n");
    expect(unifiedDiff(before, after, "src/x.js")).toBe(
      ["--- a/src/x.js", "+++ b/src/x.js", "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6", " line 7", " line 8", ""].join("\n"),
    );
  });

  it("counts inserted lines and splits distant changes into hunks", () => {
    const before = lines(20);
    const after = before.replace("line 2\n", "line 2\ninserted\n").replace("line 18\n", "");
    expect(unifiedDiff(before, after, "f.js")).toBe([
      "--- a/f.js", "+++ b/f.js",
      "@@ -1,5 +1,6 @@", " line 1", " line 2", "+inserted", " line 3", " line 4", " line 5",
      "@@ -15,6 +16,5 @@", " line 15", " line 16", " line 17", "-line 18", " line 19", " line 20", "",
    ].join("\n"));
  });

  it("handles files that become empty or start empty", () => {
    expect(unifiedDiff("", "a\n", "n.js")).toBe("--- a/n.js\n+++ b/n.js\n@@ -0,0 +1 @@\n+a\n");
    expect(unifiedDiff("a\nb\n", "", "n.js")).toBe("--- a/n.js\n+++ b/n.js\n@@ -1,2 +0,0 @@\n-a\n-b\n");
  });
});
