// Where the files of an import come from: paths on disk (the CLI, the bench) or an upload held in memory.
// Both give sorted, normalised names and load one file at a time, so the importer never needs every
// file's bytes at once.
//
// Names: a file given by path is named by its base name; the files under a directory given by path are
// named "<directory name>/<path inside it>" — exactly what a browser sends for a folder upload, so the CLI
// and the upload form name the same folder's files alike (and so give the same source_file ids). A path inside a
// Harbor trial's agent folder is named from the trial folder on (harbor-trial-names.ts), so its verdict can join.
import fs from "node:fs";
import path from "node:path";
import type { InputFile } from "./types";
import { compareNames, isJunkName, normaliseImportName } from "./file-names";
import { failedFile, skippedFile, type FileReport } from "./report";
import { nameInHarborTrial } from "./harbor-trial-names";

export interface SourceEntry {
  name: string;
  size: number;
}

export interface FileSource {
  /** Sorted by name; unique. */
  entries: SourceEntry[];
  /** Names refused before reading (escaping names, duplicates): each a report line. */
  refused: FileReport[];
  /** Names left out without reading (hidden files and folders, system leftovers): listed as skipped. */
  skipped?: FileReport[];
  load(name: string): Uint8Array;
}

/** A usage error: a PATH that does not exist or cannot be read at all. */
export class ImportPathError extends Error {}

export function diskSource(paths: string[]): FileSource {
  const found = new Map<string, { abs: string; size: number }>();
  const refused: FileReport[] = [];
  const skipped: FileReport[] = [];
  const add = (name: string, abs: string, size: number) => {
    if (found.has(name)) refused.push(failedFile(name, size, "file", `the same name as another file of this import (${found.get(name)!.abs}); import it separately`));
    else found.set(name, { abs, size });
  };
  for (const given of paths) {
    const abs = path.resolve(given);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) throw new ImportPathError(`${given} does not exist`);
    if (stat.isFile()) {
      add(nameInHarborTrial(abs) ?? path.basename(abs), abs, stat.size);
    } else if (stat.isDirectory()) {
      const prefix = nameInHarborTrial(abs) ?? path.basename(abs);
      for (const file of walk(abs)) {
        const inside = path.relative(abs, file.abs).split(path.sep).join("/");
        const name = prefix ? `${prefix}/${inside}` : inside;
        if (file.hiddenFolder) skipped.push(skippedFile(`${name}/`, 0, HIDDEN_FOLDER));
        else if (isJunkName(inside)) skipped.push(skippedFile(name, file.size, HIDDEN_FILE));
        else add(name, file.abs, file.size);
      }
    } else {
      throw new ImportPathError(`${given} is neither a file nor a directory`);
    }
  }
  const entries = [...found.entries()].map(([name, f]) => ({ name, size: f.size })).sort((a, b) => compareNames(a.name, b.name));
  return {
    entries,
    refused,
    skipped: dedupe(skipped, found),
    load: (name) => {
      const file = found.get(name);
      if (!file) throw new Error(`not part of this import: ${name}`);
      return fs.readFileSync(file.abs);
    },
  };
}

const HIDDEN_FILE = "a hidden or system file, not data";
const HIDDEN_FOLDER = "a hidden folder, not read";

/** Skipped names that are not also imported (a name can only have one line in the report). */
function dedupe(skipped: FileReport[], found: Map<string, unknown>): FileReport[] {
  const seen = new Set<string>();
  return skipped.filter((s) => !found.has(s.file) && !seen.has(s.file) && seen.add(s.file));
}

/**
 * Regular files below `dir`, and each hidden folder once (not entered); symbolic links (which could lead
 * anywhere) and special files are left out.
 */
function* walk(dir: string): Generator<{ abs: string; size: number; hiddenFolder?: boolean }> {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareNames(a.name, b.name));
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".")) yield* walk(abs);
      else yield { abs, size: 0, hiddenFolder: true };
    } else if (entry.isFile()) {
      yield { abs, size: fs.statSync(abs).size };
    }
  }
}

/** Files already in memory (an upload). Names are untrusted: normalised, and refused when they escape. */
export function memorySource(files: InputFile[]): FileSource {
  const found = new Map<string, Uint8Array>();
  const refused: FileReport[] = [];
  const skipped: FileReport[] = [];
  for (const file of files) {
    const checked = normaliseImportName(file.name);
    if (!checked.ok) {
      refused.push(failedFile(file.name.slice(0, 300) || "(no name)", file.bytes.byteLength, "name", checked.reason));
      continue;
    }
    if (isJunkName(checked.name)) {
      skipped.push(skippedFile(checked.name, file.bytes.byteLength, HIDDEN_FILE));
      continue;
    }
    if (found.has(checked.name)) {
      refused.push(failedFile(checked.name, file.bytes.byteLength, "name", "the same name as another file of this upload"));
      continue;
    }
    found.set(checked.name, file.bytes);
  }
  const entries = [...found.entries()].map(([name, bytes]) => ({ name, size: bytes.byteLength })).sort((a, b) => compareNames(a.name, b.name));
  return {
    entries,
    refused,
    skipped: dedupe(skipped, found),
    load: (name) => {
      const bytes = found.get(name);
      if (!bytes) throw new Error(`not part of this import: ${name}`);
      return bytes;
    },
  };
}
