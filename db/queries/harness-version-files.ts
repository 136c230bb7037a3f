// One harness version with the content of every file (joined from the content-addressed blobs).
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Store } from "../client";
import { blobs, harnessFiles, harnessVersions } from "../schema";

export function getHarnessVersionWithFiles(store: Store, id: string) {
  const version = store.db.select().from(harnessVersions).where(eq(harnessVersions.id, id)).get();
  if (!version) return null;
  const files = store.db
    .select({ path: harnessFiles.path, kind: harnessFiles.kind, hookPosition: harnessFiles.hookPosition, blobHash: harnessFiles.blobHash, size: blobs.size, content: blobs.content })
    .from(harnessFiles)
    .innerJoin(blobs, eq(blobs.hash, harnessFiles.blobHash))
    .where(eq(harnessFiles.harnessVersionId, id))
    .orderBy(asc(harnessFiles.path))
    .all();
  const { contentHash: _c, ...rest } = version;
  return { ...rest, files };
}
