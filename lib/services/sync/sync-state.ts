// Where `sync` stopped, per target and per file. Losing or rewinding this file is harmless (the store is
// idempotent, the events are merely sent again); a torn write would not be, hence temp file + rename.
import path from "node:path";
import type { FilePosition } from "./jsonl-reader";
import { writePrivateFileAtomically } from "../../files/private-files";
import { readTextIfExists } from "../../files/read-text-if-exists";

export const STATE_FILE_NAME = ".harness-lab-sync.json";

export interface TargetState {
  files: Record<string, FilePosition>;
  updated_at?: string;
}

interface StateDocument {
  version: 1;
  /** Keyed by target identity ("http:<url>", "db:<file>"), so one directory can feed several stores. */
  targets: Record<string, TargetState>;
}

export function defaultStatePath(dir: string): string {
  return path.join(dir, STATE_FILE_NAME);
}

export function loadTargetState(statePath: string, targetKey: string): Record<string, FilePosition> {
  const files = readDocument(statePath).targets[targetKey]?.files ?? {};
  const valid: Record<string, FilePosition> = {};
  for (const [name, position] of Object.entries(files)) {
    if (Number.isSafeInteger(position?.offset) && Number.isSafeInteger(position?.line) && position.offset >= 0 && position.line >= 0) {
      valid[name] = { offset: position.offset, line: position.line };
    }
  }
  return valid;
}

/**
 * Replaces this target's entry. The document is re-read first so that a concurrent sync of the same
 * directory to another target keeps its entry.
 */
export function saveTargetState(statePath: string, targetKey: string, files: Record<string, FilePosition>): void {
  const document = readDocument(statePath);
  document.targets[targetKey] = { files, updated_at: new Date().toISOString() };
  writePrivateFileAtomically(statePath, `${JSON.stringify(document, null, 2)}\n`);
}

function readDocument(statePath: string): StateDocument {
  const text = readTextIfExists(statePath);
  if (text === null) return { version: 1, targets: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`sync state ${statePath} is not valid JSON; delete it to sync from the start (safe: events already stored come back as unchanged)`);
  }
  const targets = (parsed as { targets?: unknown } | null)?.targets;
  if (typeof targets !== "object" || targets === null || Array.isArray(targets)) {
    throw new Error(`sync state ${statePath} has no "targets" object; delete it to sync from the start`);
  }
  return { version: 1, targets: targets as Record<string, TargetState> };
}

