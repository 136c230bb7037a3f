// Names of imported files: relative, "/"-separated, never escaping the import root. Names come from
// the user's disk (CLI) or from a browser upload, where a filename may be "../../etc/passwd", "C:\x" or
// "/abs": those are refused with a reason, never resolved against anything.
import path from "node:path";

export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Longest name kept (the source_file event's name is a Label of at most 1000 characters). */
export const MAX_NAME_LENGTH = 1_000;

export function normaliseImportName(raw: string): NameCheck {
  if (raw.trim() === "") return { ok: false, reason: "the file has no name" };
  if (CONTROL.test(raw)) return { ok: false, reason: "the name contains control characters" };
  const slashed = raw.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) {
    return { ok: false, reason: "an absolute path; names must be relative to the import root" };
  }
  const normal = path.posix.normalize(slashed).replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  if (normal === "" || normal === ".") return { ok: false, reason: "the file has no name" };
  if (normal === ".." || normal.startsWith("../")) return { ok: false, reason: "the name escapes the import root (\"..\")" };
  if (normal.length > MAX_NAME_LENGTH) return { ok: false, reason: `the name is longer than ${MAX_NAME_LENGTH} characters` };
  return { ok: true, name: normal };
}

const JUNK_FILES = new Set(["thumbs.db", "desktop.ini", "ehthumbs.db"]);
const JUNK_DIRS = new Set(["__macosx", "node_modules"]);

/**
 * Files nobody means to import: hidden files and folders (".DS_Store", ".git/…", "._x" resource forks),
 * Windows and macOS leftovers. A folder upload from a browser includes them; they are skipped silently.
 */
export function isJunkName(name: string): boolean {
  const parts = name.split("/");
  const base = parts[parts.length - 1]!.toLowerCase();
  if (JUNK_FILES.has(base) || base.endsWith("~")) return true;
  return parts.some((part, i) => part.startsWith(".") || (i < parts.length - 1 && JUNK_DIRS.has(part.toLowerCase())));
}

/** Plain code-unit order: the same on every machine and locale, so ids and reader order never depend on it. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
