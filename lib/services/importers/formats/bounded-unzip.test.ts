// The zip-bomb guard: entries inflate one at a time against a per-entry and a per-archive budget, an entry
// over either is refused by name before it is inflated, and an entry that lies about its size stops at its
// declaration. Also: it reads real archives and honest ones exactly.
import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deflatedEntry, deflatedZeros, evalZipBomb, handZip } from "../../../../programs/reliability/hostile-zip-bomb";
import { ArchiveInflater, listZipEntries, ZipBudgetError, ZipFormatError } from "./bounded-unzip";
import { readEvalArchive } from "./inspect-ai-eval-zip";
import { ImportProblem } from "../types";
import { realTrajectoriesDir } from "../../../../test/shared-data";

const REAL_EVAL = path.join(realTrajectoriesDir, "inspect-ai/log_formats.eval");
const MB = 1024 * 1024;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("bounded unzip", () => {
  it("reads a real Inspect .eval entry for entry as fflate does", () => {
    const bytes = new Uint8Array(fs.readFileSync(REAL_EVAL));
    const expected = unzipSync(bytes);
    const entries = listZipEntries(bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(expected).sort());
    const inflater = new ArchiveInflater(bytes, { maxEntryBytes: MB, maxTotalBytes: MB });
    for (const entry of entries) expect(Buffer.from(inflater.inflate(entry)).equals(Buffer.from(expected[entry.name]!))).toBe(true);
  });

  it("reads stored and deflated entries", () => {
    const zip = handZip([{ name: "a.txt", method: 0, data: Buffer.from("plain"), declaredSize: 5 }, deflatedEntry("b.txt", "squeezed ".repeat(100))]);
    const inflater = new ArchiveInflater(zip, { maxEntryBytes: MB, maxTotalBytes: MB });
    const [a, b] = listZipEntries(zip);
    expect(Buffer.from(inflater.inflate(a!)).toString()).toBe("plain");
    expect(Buffer.from(inflater.inflate(b!)).toString()).toBe("squeezed ".repeat(100));
    expect(inflater.total).toBe(5 + 900);
  });

  it("refuses an entry that declares more than the per-entry budget, naming it", () => {
    const zip = handZip([{ name: "big.bin", method: 8, data: deflatedZeros(2 * MB), declaredSize: 2 * MB }]);
    const error = thrown(() => new ArchiveInflater(zip, { maxEntryBytes: MB, maxTotalBytes: 10 * MB }).inflate(listZipEntries(zip)[0]!));
    expect(error).toBeInstanceOf(ZipBudgetError);
    expect(error).toMatchObject({ entry: "big.bin" });
    expect((error as ZipBudgetError).reason).toMatch(/2097152 bytes .* more than the 1048576 allowed per entry/);
  });

  it("refuses the entry whose declaration passes the archive's budget, after inflating the ones before it", () => {
    const zip = handZip(["1", "2", "3", "4"].map((n) => ({ name: `e${n}`, method: 8 as const, data: deflatedZeros(MB), declaredSize: MB })));
    const inflater = new ArchiveInflater(zip, { maxEntryBytes: MB, maxTotalBytes: 3 * MB });
    const entries = listZipEntries(zip);
    for (const entry of entries.slice(0, 3)) expect(inflater.inflate(entry).byteLength).toBe(MB);
    const error = thrown(() => inflater.inflate(entries[3]!));
    expect(error).toMatchObject({ entry: "e4" });
    expect((error as ZipBudgetError).reason).toMatch(/passes the 3145728 allowed for one archive/);
    expect(inflater.total).toBe(3 * MB);
  });

  it("stops an entry that lies about its size at its declaration", () => {
    // 64 MB of zeros declared as 1 KB: zlib stops within a chunk of the declaration instead of inflating it all.
    const zip = handZip([{ name: "liar.bin", method: 8, data: deflatedZeros(64 * MB), declaredSize: 1024 }]);
    const started = process.memoryUsage().arrayBuffers;
    const error = thrown(() => new ArchiveInflater(zip, { maxEntryBytes: MB, maxTotalBytes: MB }).inflate(listZipEntries(zip)[0]!));
    expect(error).toMatchObject({ entry: "liar.bin" });
    expect((error as ZipBudgetError).reason).toMatch(/more than the 1024 bytes it declares/);
    expect(process.memoryUsage().arrayBuffers - started).toBeLessThan(16 * MB);
    const stored = handZip([{ name: "stored-liar", method: 0, data: new Uint8Array(10), declaredSize: 4 }]);
    expect(thrown(() => new ArchiveInflater(stored, { maxEntryBytes: MB, maxTotalBytes: MB }).inflate(listZipEntries(stored)[0]!))).toMatchObject({ entry: "stored-liar" });
  });

  it("calls a truncated or foreign archive unreadable", () => {
    const zip = handZip([deflatedEntry("a", "x")]);
    expect(thrown(() => listZipEntries(zip.subarray(0, zip.length - 5)))).toBeInstanceOf(ZipFormatError);
    expect(thrown(() => listZipEntries(Buffer.from("PK\u0003\u0004 not a zip at all")))).toBeInstanceOf(ZipFormatError);
    const broken = zip.slice();
    broken[0] = 0; // the local header's signature
    expect(thrown(() => new ArchiveInflater(broken, { maxEntryBytes: MB, maxTotalBytes: MB }).inflate(listZipEntries(broken)[0]!))).toBeInstanceOf(ZipFormatError);
  });

  it("refuses the ~1 MB .eval bomb (4 × 250 MB of zeros) at its first sample, before inflating it", () => {
    const bomb = evalZipBomb();
    expect(bomb.byteLength).toBeLessThan(1.5 * MB);
    const started = performance.now();
    const error = thrown(() => readEvalArchive(bomb));
    expect(error).toBeInstanceOf(ImportProblem);
    expect(error).toMatchObject({ field: "samples/1_epoch_1.json" });
    expect((error as ImportProblem).reason).toMatch(/allowed per entry/);
    // Refused from the central directory: no time goes into inflating a gigabyte.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("stops a bomb of entries under the per-entry budget at its first sample, the only one inflated", () => {
    const bomb = evalZipBomb({ entryBytes: 32 * MB, copies: 3 });
    // Each entry is inflated only when its turn comes and parsed at once: zeros are not JSON.
    expect(thrown(() => readEvalArchive(bomb))).toMatchObject({ field: "samples/1_epoch_1.json" });
  });
});
