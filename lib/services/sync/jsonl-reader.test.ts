import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listEventFiles, readCompleteLines, type JsonlLine } from "./jsonl-reader";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-jsonl-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function collect(file: string, offset = 0, line = 0, chunk?: number): Promise<JsonlLine[]> {
  const lines: JsonlLine[] = [];
  for await (const l of readCompleteLines(file, { offset, line }, chunk)) lines.push(l);
  return lines;
}

describe("readCompleteLines", () => {
  it("yields complete lines with byte offsets and leaves a trailing partial line", async () => {
    const file = path.join(tempDir(), "events-a.jsonl");
    fs.writeFileSync(file, '{"a":"é"}\n\n{"b":2}\r\n{"c":');
    const lines = await collect(file);
    expect(lines.map((l) => [l.text, l.line])).toEqual([['{"a":"é"}', 1], ["", 2], ['{"b":2}', 3]]);
    expect(lines[0]!.end).toBe(Buffer.byteLength('{"a":"é"}\n'));
    expect(lines[2]!.end).toBe(Buffer.byteLength('{"a":"é"}\n\n{"b":2}\r\n'));
    const resumed = await collect(file, lines[0]!.end, 1);
    expect(resumed.map((l) => l.line)).toEqual([2, 3]);
  });

  it("reassembles lines and multi-byte characters across chunk boundaries", async () => {
    const file = path.join(tempDir(), "events-b.jsonl");
    const texts = ['{"text":"ééé日本語ééé"}', '{"n":1}', JSON.stringify({ long: "x".repeat(50) })];
    fs.writeFileSync(file, `\uFEFF${texts.join("\n")}\n`);
    const lines = await collect(file, 0, 0, 3);
    expect(lines.map((l) => l.text)).toEqual(texts);
    expect(lines[2]!.end).toBe(fs.statSync(file).size);
  });
});

describe("listEventFiles", () => {
  it("lists only events-*.jsonl files, in name order", async () => {
    const dir = tempDir();
    for (const name of ["events-2.jsonl", "events-10.jsonl", "events-1.jsonl", "other.jsonl", ".harness-lab-sync.json", "events-3.jsonl.tmp"]) {
      fs.writeFileSync(path.join(dir, name), "");
    }
    fs.mkdirSync(path.join(dir, "events-dir.jsonl"));
    expect(await listEventFiles(dir)).toEqual(["events-1.jsonl", "events-10.jsonl", "events-2.jsonl"]);
  });
});
