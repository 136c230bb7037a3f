// The harness history of one experiment (issue 6, part 3): every version with its files (paths, kinds, hook
// positions and content hashes — not contents, the diff loads those for two versions only), the proposal it
// came from with its epoch and round, the rollouts run under it by purpose, the promotions with the decision
// behind each, and the incumbent. A few statements per experiment, whatever the number of versions.
import "server-only";
import type { Store } from "../client";
import type { RolloutPurpose } from "../../lib/domain/vocabulary";
import type { HarnessHistory, HistoryFile, HistoryPromotion, HistoryProposal, HistoryVersion, VersionOrigin } from "../../lib/harness-history/types";
import { getIncumbent } from "./harness-incumbent";
import { getRolloutTotals } from "./rollout-totals";

interface VersionRow {
  id: string;
  label: string;
  parentId: string | null;
  origin: VersionOrigin;
  originProposalId: string | null;
  description: string | null;
  createdAt: number;
  seq: number;
}

interface ProposalRow extends Omit<HistoryProposal, "epoch" | "round"> {
  candidateId: string;
  epoch: number | null;
  round: number | null;
}

export function getHarnessHistory(store: Store, experimentId: string): HarnessHistory {
  const db = store.sqlite;
  const rows = db
    .prepare(
      `SELECT id, label, parent_id AS parentId, origin, origin_proposal_id AS originProposalId, description,
         created_at AS createdAt, rowid AS seq
       FROM harness_versions WHERE experiment_id = ? ORDER BY created_at, rowid`,
    )
    .all(experimentId) as VersionRow[];

  const files = new Map<string, HistoryFile[]>();
  const fileRows = db
    .prepare(
      `SELECT f.harness_version_id AS versionId, f.path, f.kind, f.hook_position AS hookPosition, f.blob_hash AS blobHash
       FROM harness_files f JOIN harness_versions v ON v.id = f.harness_version_id
       WHERE v.experiment_id = ? ORDER BY f.harness_version_id, f.path`,
    )
    .all(experimentId) as Array<HistoryFile & { versionId: string }>;
  for (const { versionId, ...file } of fileRows) {
    const list = files.get(versionId) ?? [];
    list.push(file);
    files.set(versionId, list);
  }

  const proposalRows = db
    .prepare(
      `SELECT p.id, p.title, p.kind, p.status, p.candidate_harness_version_id AS candidateId, r.epoch, r.idx AS round
       FROM proposals p LEFT JOIN evolution_rounds r ON r.id = p.round_id
       WHERE p.experiment_id = ? ORDER BY p.created_at, p.rowid`,
    )
    .all(experimentId) as ProposalRow[];
  const proposalById = new Map(proposalRows.map((p) => [p.id, p]));
  const proposalByCandidate = new Map<string, ProposalRow>();
  for (const p of proposalRows) if (!proposalByCandidate.has(p.candidateId)) proposalByCandidate.set(p.candidateId, p);

  const rollouts = new Map<string, Partial<Record<RolloutPurpose, number>>>();
  for (const r of getRolloutTotals(store, experimentId)) {
    if (r.harnessVersionId === null) continue;
    const counts = rollouts.get(r.harnessVersionId) ?? {};
    counts[r.purpose] = (counts[r.purpose] ?? 0) + r.rollouts;
    rollouts.set(r.harnessVersionId, counts);
  }

  const versions: HistoryVersion[] = rows.map((row) => {
    // The version names its proposal (origin_proposal); a candidate sent without that link is still the
    // candidate of the proposal that names it.
    const p = (row.originProposalId === null ? undefined : proposalById.get(row.originProposalId)) ?? proposalByCandidate.get(row.id);
    return {
      id: row.id, label: row.label, parentId: row.parentId, origin: row.origin, description: row.description,
      createdAt: row.createdAt, seq: row.seq, files: files.get(row.id) ?? [],
      proposal: p ? { id: p.id, title: p.title, kind: p.kind, status: p.status, epoch: p.epoch, round: p.round } : null,
      rollouts: rollouts.get(row.id) ?? {},
    };
  });

  const promotions = db
    .prepare(
      `SELECT hp.id, hp.harness_version_id AS harnessVersionId, hp.kind, hp.label, hp.proposal_id AS proposalId,
         hp.decision_id AS decisionId, d.actor, d.actor_kind AS actorKind, hp.created_at AS createdAt
       FROM harness_promotions hp LEFT JOIN decisions d ON d.id = hp.decision_id
       WHERE hp.experiment_id = ? ORDER BY hp.rowid`,
    )
    .all(experimentId) as HistoryPromotion[];

  const incumbent = getIncumbent(store, experimentId);
  return {
    versions,
    promotions,
    incumbent: incumbent ? { harnessVersionId: incumbent.harnessVersionId, label: incumbent.label } : null,
  };
}
