// Test-only: files as the registry hands them to readers (name relative to the import root, the
// UTF-8 text, the parsed JSON), read from the shared real trajectories, our fixtures, or built inline.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realTrajectoriesDir } from "../../../../test/shared-data";
import { ImportProblem, type PeekedFile } from "../types";

export const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../test/fixtures/importers");

export function peekBytes(name: string, bytes: Uint8Array): PeekedFile {
  let text: string | null = null;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = null;
  }
  let json: unknown = undefined;
  if (text !== null) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { name, bytes, text, json };
}

/** A real file, named by its path under the real-trajectories folder (so folders stay in the name). */
export function peekReal(relativePath: string): PeekedFile {
  return peekBytes(relativePath, readFileSync(path.join(realTrajectoriesDir, relativePath)));
}

export function peekFixture(fileName: string, asName = fileName): PeekedFile {
  return peekBytes(asName, readFileSync(path.join(fixturesDir, fileName)));
}

export function peekJson(name: string, json: unknown): PeekedFile {
  return peekBytes(name, new TextEncoder().encode(JSON.stringify(json)));
}

export function peekText(name: string, text: string): PeekedFile {
  return peekBytes(name, new TextEncoder().encode(text));
}

/** The real files under a folder of the shared data, as relative paths, sorted. */
export function realFiles(folder: string, suffix: string): string[] {
  return (readdirSync(path.join(realTrajectoriesDir, folder), { recursive: true }) as string[])
    .filter((f) => f.endsWith(suffix))
    .map((f) => `${folder}/${f.split(path.sep).join("/")}`)
    .sort();
}

/** Every real file, for detection tests. */
export function allRealFiles(): string[] {
  return (readdirSync(realTrajectoriesDir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.endsWith(".md") && statSync(path.join(realTrajectoriesDir, f)).isFile())
    .sort();
}

/** The ImportProblem a read throws (failing the test with the real error when it is anything else). */
export function problemOf(read: () => unknown): ImportProblem {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportProblem) return error;
    throw error;
  }
  throw new Error("expected an ImportProblem, but the file was read");
}
