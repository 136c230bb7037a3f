// Writing a harness version's files (and the job's other inputs) into the job's directory. A stored path
// comes from whoever sent the harness_version event, so it is untrusted here: absolute paths, "..", ".",
// empty parts, backslashes and control characters are refused, every directory on the way is created by us
// and checked not to be a symlink, and files are opened with O_EXCL|O_NOFOLLOW — a file can never land
// outside the directory, nor be written through a link planted inside it.
import fs from "node:fs";
import path from "node:path";
import { makePrivateDirectory } from "../../files/private-files";

export class JobPathError extends Error {
  constructor(readonly filePath: string, reason: string) {
    super(`harness file "${printable(filePath)}": ${reason}`);
    this.name = "JobPathError";
  }
}

const printable = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, 200);

/** Why a relative path is unsafe, or null when it is fine. */
export function unsafeRelativePath(p: string): string | null {
  if (p.length === 0) return "is empty";
  if (p.length > 1024) return "is longer than 1024 characters";
  if (/[\u0000-\u001f\u007f]/.test(p)) return "contains a control character";
  if (p.includes("\\")) return "contains a backslash";
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p)) return "is absolute";
  const parts = p.split("/");
  if (parts.some((part) => part === "..")) return 'contains ".."';
  if (parts.some((part) => part === "" || part === ".")) return 'contains an empty or "." part';
  return null;
}

/** Creates `dir` (which must not exist yet: a job directory is always fresh) with owner-only access. */
export function createFreshDirectory(dir: string): void {
  // The jobs root too is created owner-only whatever the umask (it holds every job's inputs and logs).
  makePrivateDirectory(path.dirname(dir));
  fs.mkdirSync(dir, { mode: 0o700 });
}

/**
 * Writes each file under `root` (an existing directory). Throws JobPathError on the first unsafe path;
 * the caller removes the directory, so a refused set leaves nothing behind.
 */
export function writeFilesUnder(root: string, files: readonly { path: string; content: string }[]): void {
  const base = path.resolve(root);
  const rootStat = fs.lstatSync(base);
  if (!rootStat.isDirectory()) throw new JobPathError(root, "the job directory is not a directory");
  for (const file of files) {
    const problem = unsafeRelativePath(file.path);
    if (problem) throw new JobPathError(file.path, problem);
    const target = path.resolve(base, file.path);
    // Belt and braces: the checks above already make this impossible.
    if (!target.startsWith(base + path.sep)) throw new JobPathError(file.path, "would leave the job directory");
    const parts = file.path.split("/");
    let dir = base;
    for (const part of parts.slice(0, -1)) {
      dir = path.join(dir, part);
      ensureRealDirectory(dir, file.path);
    }
    let fd: number;
    try {
      fd = fs.openSync(target, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new JobPathError(file.path, code === "EEXIST" ? "already exists (twice in the set, or a link planted there)" : `cannot be written (${code ?? String(error)})`);
    }
    try {
      fs.writeFileSync(fd, file.content);
    } finally {
      fs.closeSync(fd);
    }
  }
}

function ensureRealDirectory(dir: string, filePath: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    fs.mkdirSync(dir, { mode: 0o700 });
    return;
  }
  if (stat.isSymbolicLink()) throw new JobPathError(filePath, `passes through a symbolic link (${path.basename(dir)})`);
  if (!stat.isDirectory()) throw new JobPathError(filePath, `passes through a file that is not a directory (${path.basename(dir)})`);
}

/** Writes a small owner-only file (job inputs, the Slurm script), replacing it atomically. */
export function writePrivateFile(file: string, content: string, mode = 0o600): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode });
  fs.chmodSync(tmp, mode);
  fs.renameSync(tmp, file);
}

/**
 * Gives the job's work folder, and everything the server wrote into it, to the user the job runs as (the server is
 * root, the job is not: it must read its inputs and write its outputs there, and nothing else). Called before the
 * job starts, so nothing in the tree is the job's yet; links are changed, never followed.
 */
export function handOverTree(root: string, owner: { uid: number; gid: number }): void {
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    fs.lchownSync(entry, owner.uid, owner.gid);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
}
