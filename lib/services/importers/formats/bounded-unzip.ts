// A zip reader that cannot be made to inflate more than it was allowed (the `.eval` zip-bomb guard).
// The central directory is read first (names, methods, declared sizes: no inflating), then entries are
// inflated ONE AT A TIME, on demand, against a budget per entry and a budget for the whole archive:
//   - an entry that declares more than its budget, or whose declaration passes what is left of the
//     archive's budget, is refused before a byte of it is inflated;
//   - an entry is then inflated with zlib's output capped at what it declared, in 64 KB steps, so an entry
//     that lies about its size stops at its declaration instead of growing (zlib aborts the stream there).
// So the bytes inflated for one archive never exceed the archive budget, whatever the archive claims.
// Only stored (0) and deflated (8) entries are read; the caller names the others.
import { inflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else is refused by inflateEntry. */
  method: number;
  flags: number;
  compressedSize: number;
  /** The uncompressed size the central directory states. */
  declaredSize: number;
  localHeaderOffset: number;
}

export interface InflateBudget {
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Most bytes all entries inflated from one archive may add up to. */
  maxTotalBytes: number;
}

/** The archive is not a zip this reader can walk (truncated, foreign, encrypted). */
export class ZipFormatError extends Error {}

/** An entry is over a budget: `entry` names it, `reason` says which budget and by how much. */
export class ZipBudgetError extends Error {
  constructor(readonly entry: string, readonly reason: string) {
    super(`${entry}: ${reason}`);
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_U32 = 0xffffffff;
const names = new TextDecoder("utf-8");

function u64(view: DataView, at: number): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError("a zip64 size or offset is out of range");
  return Number(value);
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) if (view.getUint32(at, true) === EOCD) return at;
  throw new ZipFormatError("no end of central directory record (truncated, or not a zip)");
}

/** Every entry of the central directory, in its order. Throws ZipFormatError for anything unreadable. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const eocd = findEndOfCentralDirectory(view);
    let count = view.getUint16(eocd + 10, true);
    let offset = view.getUint32(eocd + 16, true);
    if ((count === 0xffff || offset === MAX_U32) && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
      const record = u64(view, eocd - 20 + 8);
      if (view.getUint32(record, true) !== ZIP64_EOCD) throw new ZipFormatError("a broken zip64 end of central directory");
      count = u64(view, record + 32);
      offset = u64(view, record + 48);
    }
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (view.getUint32(at, true) !== CENTRAL) throw new ZipFormatError(`central directory record ${i + 1} of ${count} is missing`);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const entry: ZipEntry = {
        name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
        flags: view.getUint16(at + 8, true),
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        declaredSize: view.getUint32(at + 24, true),
        localHeaderOffset: view.getUint32(at + 42, true),
      };
      readZip64Extra(view, at + 46 + nameLength, extraLength, entry);
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    if (error instanceof ZipFormatError) throw error;
    // A DataView read past the end: an offset or length in the archive points outside it.
    throw new ZipFormatError("a record points outside the archive (truncated, or not a zip)");
  }
}

/** Sizes and offsets over 4 GB live in the zip64 extra field, in this order, each only when its field is 0xffffffff. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      if (entry.declaredSize === MAX_U32) (entry.declaredSize = u64(view, field)), (field += 8);
      if (entry.compressedSize === MAX_U32) (entry.compressedSize = u64(view, field)), (field += 8);
      if (entry.localHeaderOffset === MAX_U32) entry.localHeaderOffset = u64(view, field);
      return;
    }
    at += 4 + size;
  }
}

/**
 * Counts what one archive may still inflate. Each entry reserves its declared size before it is inflated
 * (and cannot inflate past it), so the reservations bound what is actually inflated.
 */
export class ArchiveInflater {
  private reserved = 0;

  constructor(private readonly bytes: Uint8Array, private readonly budget: InflateBudget) {}

  /** The declared sizes of the entries inflated so far: at least what they inflated to, never more than the budget. */
  get total(): number {
    return this.reserved;
  }

  /**
   * The entry's content. Throws ZipBudgetError (the entry is over a budget; nothing of it was inflated
   * beyond its declaration) or ZipFormatError (its data cannot be read).
   */
  inflate(entry: ZipEntry): Uint8Array {
    const { maxEntryBytes, maxTotalBytes } = this.budget;
    if (entry.declaredSize > maxEntryBytes) {
      throw new ZipBudgetError(entry.name, `declares ${entry.declaredSize} bytes uncompressed, more than the ${maxEntryBytes} allowed per entry`);
    }
    if (this.reserved + entry.declaredSize > maxTotalBytes) {
      throw new ZipBudgetError(entry.name, `declares ${entry.declaredSize} bytes uncompressed, which with the ${this.reserved} of the entries before it passes the ${maxTotalBytes} allowed for one archive`);
    }
    this.reserved += entry.declaredSize;
    if (entry.flags & 1) throw new ZipFormatError(`${entry.name} is encrypted`);
    const data = this.compressedData(entry);
    let out: Uint8Array;
    if (entry.method === 0) {
      out = data;
    } else if (entry.method === 8) {
      out = inflateCapped(entry, data);
    } else {
      throw new ZipFormatError(`${entry.name} is compressed with method ${entry.method}`);
    }
    if (out.byteLength > entry.declaredSize) {
      throw new ZipBudgetError(entry.name, `inflates to more than the ${entry.declaredSize} bytes it declares`);
    }
    return out;
  }

  private compressedData(entry: ZipEntry): Uint8Array {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localHeaderOffset;
    if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL) throw new ZipFormatError(`the local header of ${entry.name} is missing`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.byteLength) throw new ZipFormatError(`the data of ${entry.name} runs past the end of the archive`);
    return this.bytes.subarray(start, end);
  }
}

function inflateCapped(entry: ZipEntry, data: Uint8Array): Uint8Array {
  try {
    // zlib stops as soon as its output passes maxOutputLength (checked every chunk), so a lying entry
    // costs at most its declaration plus one chunk.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.declaredSize), chunkSize: 64 * 1024 });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE") throw new ZipBudgetError(entry.name, `inflates to more than the ${entry.declaredSize} bytes it declares`);
    throw new ZipFormatError(`${entry.name} does not inflate: ${(error as Error).message}`);
  }
}
