import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDirectory, JobPathError, unsafeRelativePath, writeFilesUnder } from "./job-files";

let tmp: string;
let root: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-jobfiles-"));
  root = path.join(tmp, "jobs", "j1", "harness");
  createFreshDirectory(root);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const outsideFiles = () => fs.readdirSync(tmp).filter((f) => f !== "jobs");

describe("unsafeRelativePath", () => {
  it.each([
    ["", "is empty"],
    ["/etc/passwd", "is absolute"],
    ["C:/x", "is absolute"],
    ["../escape.js", 'contains ".."'],
    ["tools/../../escape.js", 'contains ".."'],
    ["tools/./x.js", 'contains an empty or "." part'],
    ["tools//x.js", 'contains an empty or "." part'],
    ["tools/", 'contains an empty or "." part'],
    ["tools\\..\\x.js", "contains a backslash"],
    ["a\u0000b", "contains a control character"],
    ["a\nb", "contains a control character"],
  ])("refuses %j (%s)", (p, reason) => {
    expect(unsafeRelativePath(p)).toBe(reason);
  });

  it("accepts nested relative paths, dotfiles and names with dots", () => {
    for (const p of ["config.json", "hooks/pre_action/10-x.js", ".hidden", "a..b/c...d"]) expect(unsafeRelativePath(p)).toBeNull();
  });
});

describe("writeFilesUnder", () => {
  it("writes nested files with their content, owner-only", () => {
    writeFilesUnder(root, [{ path: "tools/view.js", content: "v" }, { path: "hooks/pre_action/10-a.js", content: "h" }, { path: "config.json", content: "{}" }]);
    expect(fs.readFileSync(path.join(root, "hooks/pre_action/10-a.js"), "utf8")).toBe("h");
    expect(fs.statSync(path.join(root, "tools/view.js")).mode & 0o777).toBe(0o600);
  });

  it.each(["../../../escape.js", "/tmp/escape.js", "tools/../../escape.js"])("refuses %j and writes nothing outside", (p) => {
    expect(() => writeFilesUnder(root, [{ path: p, content: "x" }])).toThrow(JobPathError);
    expect(outsideFiles()).toEqual([]);
    expect(fs.existsSync(path.join(tmp, "escape.js"))).toBe(false);
  });

  it("refuses to write through a symlinked directory planted inside", () => {
    fs.mkdirSync(path.join(tmp, "elsewhere"));
    fs.symlinkSync(path.join(tmp, "elsewhere"), path.join(root, "tools"));
    expect(() => writeFilesUnder(root, [{ path: "tools/view.js", content: "x" }])).toThrow(/symbolic link/);
    expect(fs.readdirSync(path.join(tmp, "elsewhere"))).toEqual([]);
  });

  it("refuses to write through a symlinked file planted inside (even a dangling one)", () => {
    fs.symlinkSync(path.join(tmp, "target.txt"), path.join(root, "config.json"));
    expect(() => writeFilesUnder(root, [{ path: "config.json", content: "x" }])).toThrow(/already exists/);
    expect(fs.existsSync(path.join(tmp, "target.txt"))).toBe(false);
  });

  it("refuses a path twice in one set, and a file used as a directory", () => {
    expect(() => writeFilesUnder(root, [{ path: "a.js", content: "1" }, { path: "a.js", content: "2" }])).toThrow(/already exists/);
    expect(() => writeFilesUnder(root, [{ path: "b", content: "1" }, { path: "b/c.js", content: "2" }])).toThrow(/not a directory/);
  });

  it("a job directory is always fresh: creating one that exists fails", () => {
    expect(() => createFreshDirectory(root)).toThrow(/EEXIST/);
  });
});
