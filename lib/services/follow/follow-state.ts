// Where a follower stopped in each file of a trainer's directory, per target and run: byte offset and line
// for appended JSONL, the size last read for files read whole (Parquet, JSON), the format the file was
// recognized as, and how many samples of each prompt it has seen (so sample indexes continue across passes).
// Losing this file is harmless: ids are deterministic, so everything is merely sent again as "unchanged".
import { writePrivateFileAtomically } from "../../files/private-files";
import { readTextIfExists } from "../../files/read-text-if-exists";

export const FOLLOW_STATE_FILE = ".harness-lab-follow.json";

export interface FollowFileState {
  offset: number;
  line: number;
  kind: string;
  /** "step|prompt-hash" → samples seen. */
  samples: Record<string, number>;
}

interface Document {
  version: 1;
  followers: Record<string, { files: Record<string, FollowFileState>; updated_at?: string }>;
}

function read(statePath: string): Document {
  const text = readTextIfExists(statePath);
  if (text === null) return { version: 1, followers: {} };
  try {
    const parsed = JSON.parse(text) as Partial<Document>;
    if (parsed && typeof parsed.followers === "object" && parsed.followers !== null) return { version: 1, followers: parsed.followers };
  } catch {
    /* fall through */
  }
  throw new Error(`follow state ${statePath} is not a follower state file; delete it to follow from the start (safe: stored records come back as unchanged)`);
}

export function loadFollowState(statePath: string, key: string): Record<string, FollowFileState> {
  const files = read(statePath).followers[key]?.files ?? {};
  const valid: Record<string, FollowFileState> = {};
  for (const [name, s] of Object.entries(files)) {
    if (Number.isSafeInteger(s?.offset) && Number.isSafeInteger(s?.line) && typeof s?.kind === "string") {
      valid[name] = { offset: s.offset, line: s.line, kind: s.kind, samples: typeof s.samples === "object" && s.samples ? { ...s.samples } : {} };
    }
  }
  return valid;
}

export function saveFollowState(statePath: string, key: string, files: Record<string, FollowFileState>): void {
  const document = read(statePath);
  document.followers[key] = { files, updated_at: new Date().toISOString() };
  writePrivateFileAtomically(statePath, `${JSON.stringify(document, null, 2)}\n`);
}
