// Which files an import reads, under which names, with which reader — and that nothing a file (or its
// name) contains can read outside the import or stop the other files.
import { afterEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normaliseImportName, isJunkName } from "./file-names";
import { diskSource, memorySource, ImportPathError } from "./sources";
import { peekFile, pickReader, readImportFile, UNKNOWN_FORMAT_REASON } from "./registry";
import { ImportProblem, type FormatReader } from "./types";
import { TEST_READERS, testTrajectoryReader, trajectory } from "../../../test/fixtures/importers/test-readers";

const bytes = (text: string) => new TextEncoder().encode(text);
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-registry-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("names of uploaded files", () => {
  it("normalises separators and dots, and refuses names that escape the import root", () => {
    expect(normaliseImportName("trajs\\a\\b.traj")).toEqual({ ok: true, name: "trajs/a/b.traj" });
    expect(normaliseImportName("./logs//x/./report.json")).toEqual({ ok: true, name: "logs/x/report.json" });
    expect(normaliseImportName("logs/x/../y/report.json")).toEqual({ ok: true, name: "logs/y/report.json" });
    for (const escaping of ["../secret.json", "a/../../secret.json", "..", "/etc/passwd", "C:\\Windows\\x.json", "\\\\server\\share"]) {
      const checked = normaliseImportName(escaping);
      expect(checked.ok, escaping).toBe(false);
    }
    expect(normaliseImportName("a\u0000b").ok).toBe(false);
  });

  it("recognises hidden and OS junk files", () => {
    for (const junk of [".DS_Store", "run/.DS_Store", "__MACOSX/run/x.json", "run/Thumbs.db", ".git/config", "run/._x.traj", "x.json~"]) {
      expect(isJunkName(junk), junk).toBe(true);
    }
    expect(isJunkName("run/trajs/x.traj.json")).toBe(false);
  });

  it("an upload's escaping name becomes a report line and is never loaded; junk is skipped; the rest sorted", () => {
    const source = memorySource([
      { name: "b/report.json", bytes: bytes("{}") },
      { name: "../../etc/passwd", bytes: bytes("root") },
      { name: "a/.DS_Store", bytes: bytes("junk") },
      { name: "a/x.traj", bytes: bytes("{}") },
      { name: "a\\x.traj", bytes: bytes("{}") },
    ]);
    expect(source.entries.map((e) => e.name)).toEqual(["a/x.traj", "b/report.json"]);
    expect(source.refused).toEqual([
      expect.objectContaining({ file: "../../etc/passwd", problem: { field: "name", reason: expect.stringContaining("escapes") } }),
      expect.objectContaining({ file: "a/x.traj", problem: { field: "name", reason: expect.stringContaining("same name") } }),
    ]);
    expect(() => source.load("../../etc/passwd")).toThrow(/not part of this import/);
  });
});

describe("files on disk", () => {
  it("walks folders recursively in name order, named as a folder upload names them, skipping links and hidden files", () => {
    const root = path.join(tempDir(), "run1");
    fs.mkdirSync(path.join(root, "trajs", "b"), { recursive: true });
    fs.mkdirSync(path.join(root, "trajs", "a"), { recursive: true });
    fs.mkdirSync(path.join(root, ".cache"));
    fs.writeFileSync(path.join(root, "trajs", "b", "b.traj.json"), "{}");
    fs.writeFileSync(path.join(root, "trajs", "a", "a.traj.json"), "{}");
    fs.writeFileSync(path.join(root, "Z-report.json"), "{}");
    fs.writeFileSync(path.join(root, ".DS_Store"), "junk");
    fs.writeFileSync(path.join(root, ".cache", "x.json"), "{}");
    const outside = path.join(tempDir(), "outside.json");
    fs.writeFileSync(outside, "{}");
    fs.symlinkSync(outside, path.join(root, "link.json"));
    fs.symlinkSync(path.dirname(outside), path.join(root, "linked-dir"));
    const single = path.join(tempDir(), "single.json");
    fs.writeFileSync(single, "{\"x\":1}");

    const source = diskSource([root, single]);
    expect(source.entries.map((e) => e.name)).toEqual(["run1/Z-report.json", "run1/trajs/a/a.traj.json", "run1/trajs/b/b.traj.json", "single.json"]);
    expect(source.entries.find((e) => e.name === "single.json")?.size).toBe(7);
    expect(new TextDecoder().decode(source.load("single.json"))).toBe("{\"x\":1}");
  });

  it("refuses a PATH that does not exist, and reports a second file of the same name", () => {
    expect(() => diskSource([path.join(tempDir(), "missing")])).toThrow(ImportPathError);
    const a = tempDir();
    const b = tempDir();
    fs.writeFileSync(path.join(a, "same.json"), "{}");
    fs.writeFileSync(path.join(b, "same.json"), "{}");
    const source = diskSource([path.join(a, "same.json"), path.join(b, "same.json")]);
    expect(source.entries).toHaveLength(1);
    expect(source.refused[0]?.problem?.reason).toMatch(/same name/);
  });
});

describe("reading one file", () => {
  it("peeks text and JSON: .json and .traj parse, JSONL and binary do not", () => {
    expect(peekFile({ name: "a.traj", bytes: bytes('{"a":1}') }).json).toEqual({ a: 1 });
    expect(peekFile({ name: "a.jsonl", bytes: bytes('{"a":1}\n{"a":2}\n') })).toMatchObject({ json: undefined, text: '{"a":1}\n{"a":2}\n' });
    expect(peekFile({ name: "a.eval", bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00]) }).text).toBeNull();
  });

  it("takes the FIRST reader that detects the file", () => {
    const greedy: FormatReader = { name: "greedy", detect: () => true, read: () => ({ format: "greedy", rollouts: [], facts: [], reports: [] }) };
    const file = { name: "x.json", bytes: bytes(trajectory("i-1")) };
    expect(readImportFile(file, [testTrajectoryReader, greedy])).toMatchObject({ ok: true, format: "test-traj" });
    expect(readImportFile(file, [greedy, testTrajectoryReader])).toMatchObject({ ok: true, format: "greedy" });
  });

  it("names an unknown format, and an unparsable JSON file, by the reason", () => {
    expect(readImportFile({ name: "SOURCES.md", bytes: bytes("# hi") }, TEST_READERS)).toEqual({ ok: false, format: null, field: "file", reason: UNKNOWN_FORMAT_REASON });
    const broken = readImportFile({ name: "x.json", bytes: bytes("{nope") }, TEST_READERS);
    expect(broken).toMatchObject({ ok: false, field: "file", reason: expect.stringMatching(/^not valid JSON/) });
  });

  it("turns a reader's ImportProblem into the field and reason", () => {
    const outcome = readImportFile({ name: "x.json", bytes: bytes(JSON.stringify({ format: "test-traj", messages: [] })) }, TEST_READERS);
    expect(outcome).toEqual({ ok: false, format: "test-traj", field: "instance_id", reason: "missing or not a string" });
  });

  it("survives a reader that throws a plain Error (logged, generic reason) or fails in detect()", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = readImportFile({ name: "a.boom.json", bytes: bytes("{}") }, TEST_READERS);
    expect(outcome).toMatchObject({ ok: false, format: "boom", field: "file", reason: expect.stringContaining("internal error") });
    expect(outcome.ok ? "" : outcome.reason).not.toContain("kaboom");
    expect(logged).toHaveBeenCalled();

    const brokenDetect: FormatReader = { name: "bad-detect", detect: () => { throw new ImportProblem("x", "y"); }, read: () => { throw new Error("unreachable"); } };
    const peek = peekFile({ name: "x.json", bytes: bytes(trajectory("i-1")) });
    expect(pickReader(peek, [brokenDetect, testTrajectoryReader])?.name).toBe("test-traj");
  });
});
