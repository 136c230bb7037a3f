// The plain shapes behind the harness history page (issue 6, part 3): an experiment's harness versions with
// what each holds and where it came from, and the promotions that made versions the incumbent. Produced by
// db/queries/harness-history.ts, read by the pure functions beside this file and by the page.
import type { FileKind } from "../harness-diff/file-changes";
import type { HookPosition, RolloutPurpose } from "../domain/vocabulary";

export type VersionOrigin = "initial" | "proposal" | "manual" | "import";

export interface HistoryFile {
  path: string;
  kind: FileKind;
  hookPosition: HookPosition | null;
  blobHash: string;
}

/** The proposal a version came from, with its place in the evolution loop. */
export interface HistoryProposal {
  id: string;
  title: string;
  kind: "tool_hook" | "engineer_patch";
  status: "pending" | "accepted" | "rejected" | "superseded";
  epoch: number | null;
  round: number | null;
}

export interface HistoryVersion {
  id: string;
  label: string;
  parentId: string | null;
  origin: VersionOrigin;
  description: string | null;
  createdAt: number;
  /** Insertion order: breaks ties between versions created in the same millisecond. */
  seq: number;
  files: HistoryFile[];
  proposal: HistoryProposal | null;
  /** Rollouts run under this version, by purpose (purposes without rollouts are absent). */
  rollouts: Partial<Record<RolloutPurpose, number>>;
}

export interface HistoryPromotion {
  id: string;
  harnessVersionId: string;
  kind: "promote" | "demote";
  /** The incumbent label the promotion gave (H1, H2, …); a demotion repeats the label it takes back. */
  label: string;
  proposalId: string | null;
  decisionId: string;
  actor: string | null;
  actorKind: "rule" | "human" | null;
  createdAt: number;
}

export interface HarnessHistory {
  versions: HistoryVersion[];
  /** In the order they were appended. */
  promotions: HistoryPromotion[];
  incumbent: { harnessVersionId: string; label: string } | null;
}
