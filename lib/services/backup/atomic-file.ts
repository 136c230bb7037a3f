// File steps that make an install atomic: a temp name next to the final one (same directory, so rename
// never crosses a file system), fsync of the file and of its directory (so the rename itself survives a
// power cut), and no-clobber placement via link(2), which fails if the name exists instead of replacing it.
import fs from "node:fs";
import path from "node:path";

/** A hidden name in the same directory as `finalPath`, unique to this process and moment. */
export function tempPathNextTo(finalPath: string, purpose: string): string {
  const stamp = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.${purpose}-${stamp}.tmp`);
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, "r+");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes renames and unlinks in `dir` durable; some file systems refuse fsync on a directory, which is harmless. */
export function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // EISDIR/EINVAL on file systems without directory fsync: nothing more can be done there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Gives `temp` the name `finalPath`. Without `replace` an existing `finalPath` is never overwritten, even one
 * created a moment ago by someone else (link fails with EEXIST); returns false in that case.
 */
export function placeFile(temp: string, finalPath: string, replace: boolean): boolean {
  if (replace) {
    fs.renameSync(temp, finalPath);
  } else {
    try {
      fs.linkSync(temp, finalPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
    fs.unlinkSync(temp);
  }
  fsyncDirectory(path.dirname(finalPath));
  return true;
}

export function removeIfPresent(file: string): void {
  fs.rmSync(file, { force: true });
}

/** The side files SQLite keeps next to a store; a stale one beside a replaced store would be replayed into it. */
export function sideFiles(store: string): string[] {
  return [`${store}-wal`, `${store}-shm`, `${store}-journal`];
}
