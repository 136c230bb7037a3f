// Hand-made versions for the unit tests of this folder (not a test file itself).
import type { HistoryFile, HistoryPromotion, HistoryVersion } from "./types";

export function file(path: string, blobHash: string, kind: HistoryFile["kind"] = "tool", hookPosition: HistoryFile["hookPosition"] = null): HistoryFile {
  return { path, blobHash, kind, hookPosition };
}

let seq = 0;
export function version(id: string, over: Partial<HistoryVersion> = {}): HistoryVersion {
  seq += 1;
  return {
    id, label: id, parentId: null, origin: "proposal", description: null, createdAt: 1_000, seq, files: [], proposal: null, rollouts: {},
    ...over,
  };
}

export function promotion(versionId: string, label: string, kind: "promote" | "demote" = "promote"): HistoryPromotion {
  return {
    id: `${kind}-${versionId}-${label}`, harnessVersionId: versionId, kind, label, proposalId: null, decisionId: `d-${versionId}-${kind}`,
    actor: "acceptance-rule", actorKind: "rule", createdAt: 2_000,
  };
}
