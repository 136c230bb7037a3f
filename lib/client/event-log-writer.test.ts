import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EventLogWriter } from "./event-log-writer";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-log-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("EventLogWriter", () => {
  it("writes one JSON event per line, newline-terminated, in events-<stamp>-<pid>.jsonl", () => {
    const dir = tempDir();
    const writer = new EventLogWriter(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    writer.write({ type: "task", id: "t1", key: "t1", benchmark: "mini" });
    writer.write({ type: "experiment", id: "e", name: "multi\nline", method: "grpo" });
    writer.flush();
    writer.close();
    const [name] = fs.readdirSync(dir);
    expect(name).toMatch(new RegExp(`^events-\\d{8}T\\d{9}Z-${process.pid}\\.jsonl$`));
    const text = fs.readFileSync(path.join(dir, name!), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(["t1", "e"]);
    expect(JSON.parse(lines[1]!).name).toBe("multi\nline");
    expect(() => writer.write({ type: "task", id: "t2", key: "t2", benchmark: "mini" })).toThrow(/after close/);
  });

  it("rotates by size into files whose name order is write order", () => {
    const dir = tempDir();
    const writer = new EventLogWriter(dir, { maxFileBytes: 150 });
    for (let i = 0; i < 10; i++) writer.write({ type: "task", id: `t${i}`, key: `t${i}`, benchmark: "mini" });
    writer.close();
    const names = fs.readdirSync(dir).sort();
    expect(names.length).toBeGreaterThan(2);
    expect(names.map((n) => path.join(dir, n))).toEqual(writer.files);
    const ids = names.flatMap((n) => fs.readFileSync(path.join(dir, n), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l).id));
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`));
    for (const n of names) expect(fs.statSync(path.join(dir, n)).size).toBeLessThanOrEqual(150);
  });
});
