import { describe, expect, it } from "vitest";
import { filesByKind, filesFingerprint, hooksByPosition, kindSummary, sameFilesAs } from "./file-summary";
import { file, version } from "./test-versions";

const files = [
  file("tools/bash.py", "b1"),
  file("tools/edit.py", "e1"),
  file("hooks/a.py", "h1", "hook", "pre_action"),
  file("hooks/b.py", "h2", "hook", "pre_action"),
  file("hooks/c.py", "h3", "hook", "post_feedback"),
  file("prompts/system.md", "p1", "prompt"),
];

describe("counting files", () => {
  it("counts files by kind and hooks by lifecycle position", () => {
    expect(filesByKind(files)).toEqual({ tool: 2, hook: 3, skill: 0, prompt: 1, config: 0, other: 0 });
    expect(hooksByPosition(files)).toEqual({ episode_init: 0, pre_decision: 0, pre_action: 2, post_feedback: 1 });
    expect(kindSummary(files)).toBe("2 tool, 3 hook, 1 prompt");
    expect(kindSummary([])).toBe("");
  });
});

describe("filesFingerprint and sameFilesAs", () => {
  it("ignores file order but not content, kind or hook position", () => {
    expect(filesFingerprint([...files].reverse())).toBe(filesFingerprint(files));
    expect(filesFingerprint([file("hooks/a.py", "h1", "hook", "post_feedback")])).not.toBe(filesFingerprint([file("hooks/a.py", "h1", "hook", "pre_action")]));
    expect(filesFingerprint([file("x", "1")])).not.toBe(filesFingerprint([file("x", "2")]));
    expect(filesFingerprint([file("x", "1", "tool")])).not.toBe(filesFingerprint([file("x", "1", "config")]));
  });

  it("names the parent when it is identical, else the oldest identical version", () => {
    const same = [file("a", "1")];
    const versions = [
      version("H0", { createdAt: 1, files: same }),
      version("other", { createdAt: 2, files: [file("a", "2")] }),
      version("H1", { createdAt: 3, parentId: "H0", files: same }),
      version("H2", { createdAt: 4, parentId: "H1", files: same }),
      version("copy-of-H0-under-other", { createdAt: 5, parentId: "other", files: same }),
    ];
    const result = sameFilesAs(versions);
    expect(Object.fromEntries(result)).toEqual({ H1: "H0", H2: "H1", "copy-of-H0-under-other": "H0" });
  });
});
