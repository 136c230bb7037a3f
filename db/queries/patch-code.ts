// The code of an engineer patch: the hook files its proposal's candidate harness changes against the base (the
// target's current hooks). Files are compared by content hash, so an untouched file costs nothing; only the
// changed hook files' contents are read, each up to PATCH_FILE_PREVIEW_CHARS.
import "server-only";
import type { Store } from "../client";
import type { HookPosition } from "../../lib/domain/vocabulary";
import type { ProposalKind, ProposalStatus } from "./types";

export const PATCH_FILE_PREVIEW_CHARS = 100_000;

export type FileChange = "added" | "removed" | "modified";

export interface ChangedHookFile {
  path: string;
  change: FileChange;
  hookPosition: HookPosition | null;
  /** null on the side where the file does not exist. */
  base: string | null;
  candidate: string | null;
  /** Full sizes in characters, so the page can say when it shows only the start. */
  baseChars: number | null;
  candidateChars: number | null;
}

export interface PatchCode {
  proposal: { id: string; title: string; kind: ProposalKind; status: ProposalStatus };
  base: { id: string; label: string };
  candidate: { id: string; label: string };
  hookFiles: ChangedHookFile[];
  /** Changed files that are not hooks (an engineer patch should touch hooks only; the page lists them). */
  otherChangedPaths: string[];
}

interface FileRow {
  path: string;
  kind: string;
  hookPosition: HookPosition | null;
  blobHash: string;
}

const filesOf = (store: Store, versionId: string) =>
  store.sqlite
    .prepare("SELECT path, kind, hook_position AS hookPosition, blob_hash AS blobHash FROM harness_files WHERE harness_version_id = ? ORDER BY path")
    .all(versionId) as FileRow[];

function content(store: Store, hash: string): { text: string; chars: number } {
  const row = store.sqlite
    .prepare("SELECT substr(content, 1, ?) AS text, length(content) AS chars FROM blobs WHERE hash = ?")
    .get(PATCH_FILE_PREVIEW_CHARS, hash) as { text: string; chars: number } | undefined;
  return row ?? { text: "", chars: 0 };
}

export function getPatchCode(store: Store, proposalId: string): PatchCode | null {
  const row = store.sqlite
    .prepare(
      `SELECT p.id, p.title, p.kind, p.status, b.id AS baseId, b.label AS baseLabel, c.id AS candidateId, c.label AS candidateLabel
         FROM proposals p
         JOIN harness_versions b ON b.id = p.base_harness_version_id
         JOIN harness_versions c ON c.id = p.candidate_harness_version_id
        WHERE p.id = ?`,
    )
    .get(proposalId) as
    | { id: string; title: string; kind: ProposalKind; status: ProposalStatus; baseId: string; baseLabel: string; candidateId: string; candidateLabel: string }
    | undefined;
  if (!row) return null;

  const base = new Map(filesOf(store, row.baseId).map((f) => [f.path, f]));
  const candidate = new Map(filesOf(store, row.candidateId).map((f) => [f.path, f]));
  const paths = [...new Set([...base.keys(), ...candidate.keys()])].sort();
  const hookFiles: ChangedHookFile[] = [];
  const otherChangedPaths: string[] = [];
  for (const path of paths) {
    const b = base.get(path);
    const c = candidate.get(path);
    if (b && c && b.blobHash === c.blobHash) continue;
    if (b?.kind !== "hook" && c?.kind !== "hook") {
      otherChangedPaths.push(path);
      continue;
    }
    const bc = b ? content(store, b.blobHash) : null;
    const cc = c ? content(store, c.blobHash) : null;
    hookFiles.push({
      path,
      change: !b ? "added" : !c ? "removed" : "modified",
      hookPosition: c?.hookPosition ?? b?.hookPosition ?? null,
      base: bc?.text ?? null,
      candidate: cc?.text ?? null,
      baseChars: bc?.chars ?? null,
      candidateChars: cc?.chars ?? null,
    });
  }
  return {
    proposal: { id: row.id, title: row.title, kind: row.kind, status: row.status },
    base: { id: row.baseId, label: row.baseLabel },
    candidate: { id: row.candidateId, label: row.candidateLabel },
    hookFiles,
    otherChangedPaths,
  };
}
