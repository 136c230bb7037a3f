// Zip archives built by hand from pre-compressed data, for the zip-bomb cases of the hostile-input run, the
// importer's unit tests and the production-server test: ~1 MB on the wire that inflates to ~1 GB. The
// container is written here (not by a zip library) so entries can state any size and repeat one
// compressed stream under many names without it ever being inflated on this side.
import { crc32, deflateRawSync } from "node:zlib";

export interface HandZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  /** The entry's data as it sits in the archive (already deflated for method 8). */
  data: Uint8Array;
  /** The uncompressed size the headers state. */
  declaredSize: number;
  crc?: number;
}

/** A zip (no zip64) holding `entries` as given. */
export function handZip(entries: HandZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc ?? 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc ?? 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    name.copy(central, 46);
    locals.push(local, Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength));
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

/** A deflated entry holding `text`, stating its true size. */
export function deflatedEntry(name: string, text: string | Uint8Array): HandZipEntry {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return { name, method: 8, data: deflateRawSync(bytes, { level: 9 }), declaredSize: bytes.length, crc: crc32(bytes) };
}

const zeroStreams = new Map<number, Uint8Array>();

/** `size` zero bytes deflated at level 9 (about size / 1030 bytes), cached: the bombs reuse it. */
export function deflatedZeros(size: number): Uint8Array {
  let stream = zeroStreams.get(size);
  if (!stream) {
    stream = new Uint8Array(deflateRawSync(Buffer.alloc(size), { level: 9 }));
    zeroStreams.set(size, stream);
  }
  return stream;
}

/**
 * An Inspect `.eval` bomb: a valid header and `copies` samples that each declare, truthfully, `entryBytes`
 * zero bytes — by default 4 × 250 MB: about 1 MB on the wire, 1 GB inflated, and every entry and the total
 * just inside the limits the importer had before its budgets (256 MB per entry, 1 GB per archive).
 */
export function evalZipBomb(options: { entryBytes?: number; copies?: number } = {}): Uint8Array {
  const entryBytes = options.entryBytes ?? 250 * 1024 * 1024;
  const copies = options.copies ?? 4;
  const zeros = deflatedZeros(entryBytes);
  const header = { version: 2, status: "success", eval: { task: "bomb", model: "none/none", config: {} } };
  return handZip([
    deflatedEntry("header.json", JSON.stringify(header)),
    ...Array.from({ length: copies }, (_, i): HandZipEntry => ({ name: `samples/${i + 1}_epoch_1.json`, method: 8, data: zeros, declaredSize: entryBytes })),
  ]);
}
