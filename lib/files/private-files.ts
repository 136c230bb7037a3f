// Owner-only files and directories, whatever the umask. The store holds every rollout and the password
// hashes, and backups, exports and job directories hold copies of them; on a shared login node a 0644 file
// in a 0755 directory is readable by every local user. Modes are set explicitly (umask can only remove bits,
// and a mode passed to open/mkdir is filtered through it), and a file is created private before anything
// is written to it — never chmod-ed afterwards, which would leave a window.
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `dir` and its missing parents as 0700. Directories that already exist keep their mode (they are
 * the user's; `serve` warns about a readable store instead of changing them).
 */
export function makePrivateDirectory(dir: string): void {
  const target = path.resolve(dir);
  const first = fs.mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return;
  // Every directory from `first` down to `target` was created by this call.
  for (let current = target; ; current = path.dirname(current)) {
    fs.chmodSync(current, PRIVATE_DIR_MODE);
    if (current === path.resolve(first) || current === path.dirname(current)) break;
  }
}

/**
 * Creates an empty `file` as 0600 when it does not exist (an existing file is left as it is). SQLite gives a
 * database's -wal, -shm and -journal the mode of the main file, so creating the main file first makes them
 * private too; an empty file is a valid empty database.
 */
export function createPrivateFileIfMissing(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    throw error;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Opens `file` for appending, creating it 0600 if missing (logs). */
export function openPrivateAppend(file: string): number {
  return fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT, PRIVATE_FILE_MODE);
}

export interface ReadableByOthers {
  file: string;
  mode: string;
  fix: string;
}

/**
 * The store and its side files that a group or other users can read or write, each with the chmod that fixes
 * it; empty when all are private (or missing).
 */
export function storeFilesReadableByOthers(store: string): ReadableByOthers[] {
  const found: ReadableByOthers[] = [];
  for (const file of [store, `${store}-wal`, `${store}-shm`]) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat || (stat.mode & 0o077) === 0) continue;
    found.push({ file, mode: (stat.mode & 0o777).toString(8).padStart(4, "0"), fix: `chmod 600 ${shellQuote(file)}` });
  }
  const dir = path.dirname(store);
  const dirStat = fs.statSync(dir, { throwIfNoEntry: false });
  if (found.length && dirStat && (dirStat.mode & 0o077) !== 0) {
    found.push({ file: dir, mode: (dirStat.mode & 0o777).toString(8).padStart(4, "0"), fix: `chmod 700 ${shellQuote(dir)}` });
  }
  return found;
}

/** The warning lines `serve` and the server print for a store others can read. */
export function readableStoreWarnings(store: string): string[] {
  return storeFilesReadableByOthers(store).map(
    (entry) =>
      `Harness Lab: warning: ${entry.file === store ? "the store " : entry.file === path.dirname(store) ? "the store's directory " : ""}${entry.file} is open to other users (mode ${entry.mode}); ` +
      `the store holds every rollout and the password hashes — fix it with: ${entry.fix}`,
  );
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Replaces `file` with `content` all at once: a private temp file, fsync, rename, then (best effort) fsync of
 * the directory so the rename itself survives a crash. A reader sees the old file or the new one, never half.
 * For small state files (sync and follow positions), which name this user's files and targets.
 */
export function writePrivateFileAtomically(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, "w", PRIVATE_FILE_MODE);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  // Not every platform lets us fsync a directory.
  try {
    const dirFd = fs.openSync(path.dirname(file), "r");
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
  } catch {
    /* best effort */
  }
}
