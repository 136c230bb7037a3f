// An imported original file, as bytes for download: text files were kept as they were, binary ones
// (an Inspect `.eval` zip) as base64, which is decoded back here.
import "server-only";
import type { Store } from "../client";

export interface SourceFileBytes {
  id: string;
  name: string;
  format: string;
  bytes: Buffer;
}

export function getSourceFileBytes(store: Store, id: string): SourceFileBytes | null {
  const row = store.sqlite.prepare(
    `SELECT sf.id, sf.name, sf.format, sf.encoding, b.content
       FROM source_files sf JOIN blobs b ON b.hash = sf.blob_hash
      WHERE sf.id = ?`,
  ).get(id) as { id: string; name: string; format: string; encoding: "utf8" | "base64"; content: string } | undefined;
  if (!row) return null;
  const bytes = row.encoding === "base64" ? Buffer.from(row.content, "base64") : Buffer.from(row.content, "utf8");
  return { id: row.id, name: row.name, format: row.format, bytes };
}
