// Harness-R1 for the patches page: an experiment's failure packets (newest first), the failed rollouts each was
// built from, and the K engineer patches evaluated on it with the proposal each belongs to. Packet texts can be
// megabytes (the contract allows 16 MB), so only a preview leaves SQLite, with its full size.
import "server-only";
import type { Store } from "../client";
import type { ExperimentMethod, HookPosition } from "../../lib/domain/vocabulary";
import { HOOK_POSITIONS } from "../../lib/domain/vocabulary";
import type { ProposalKind, ProposalStatus } from "./types";
import { decodeRolloutRow } from "./rollout-row";

/** How much of a packet's text the page receives; the rest is counted, not sent. */
export const PACKET_TEXT_PREVIEW_CHARS = 20_000;
/** Source rollouts listed per packet; the count covers all of them. */
export const PACKET_ROLLOUTS_SHOWN = 50;

export interface ExperimentHeading {
  id: string;
  name: string;
  method: ExperimentMethod;
}

export interface PacketRollout {
  id: string;
  taskId: string;
  success: boolean;
  reward: number | null;
  truncated: boolean;
}

export interface PatchProposal {
  id: string;
  title: string;
  kind: ProposalKind;
  status: ProposalStatus;
  baseHarnessVersionId: string;
  candidateHarnessVersionId: string;
}

export interface PatchEvaluationRow {
  id: string;
  patchIndex: number | null;
  targetModel: string | null;
  benchmark: string | null;
  valid: boolean;
  complete: boolean;
  baselineSuccess: number | null;
  patchedSuccess: number | null;
  reward: number | null;
  hookPositions: HookPosition[];
  proposal: PatchProposal | null;
}

export interface FailurePacketView {
  id: string;
  runId: string | null;
  runName: string | null;
  benchmark: string | null;
  targetCheckpoint: { id: string; name: string | null; model: string | null; step: number | null } | null;
  /** The first PACKET_TEXT_PREVIEW_CHARS characters; null when the packet has no text. */
  textPreview: string | null;
  textChars: number;
  textLines: number;
  createdAt: number;
  rolloutCount: number;
  /** The first PACKET_ROLLOUTS_SHOWN source rollouts. */
  rollouts: PacketRollout[];
  /** By patch index (unnumbered last), then id. */
  patches: PatchEvaluationRow[];
}

export function getExperimentHeading(store: Store, experimentId: string): ExperimentHeading | null {
  const row = store.sqlite.prepare("SELECT id, name, method FROM experiments WHERE id = ?").get(experimentId) as ExperimentHeading | undefined;
  return row ?? null;
}

/** Hook positions as stored (JSON text), keeping only the four lifecycle positions in their canonical order. */
function parsePositions(json: string | null): HookPosition[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return HOOK_POSITIONS.filter((p) => value.includes(p));
  } catch {
    return [];
  }
}

interface PacketRow {
  id: string;
  runId: string | null;
  runName: string | null;
  benchmark: string | null;
  checkpointId: string | null;
  checkpointName: string | null;
  checkpointModel: string | null;
  checkpointStep: number | null;
  textPreview: string | null;
  textChars: number | null;
  textLines: number | null;
  createdAt: number;
}

function packetRollouts(store: Store, packetId: string): { count: number; rows: PacketRollout[] } {
  const { count } = store.sqlite
    .prepare("SELECT count(*) AS count FROM failure_packet_rollouts WHERE failure_packet_id = ?")
    .get(packetId) as { count: number };
  const rows = store.sqlite
    .prepare(
      `SELECT r.id, r.task_id AS taskId, r.success, r.reward, r.truncated
         FROM failure_packet_rollouts l JOIN rollouts r ON r.id = l.rollout_id
        WHERE l.failure_packet_id = ?
        ORDER BY r.task_id, r.id
        LIMIT ?`,
    )
    .all(packetId, PACKET_ROLLOUTS_SHOWN) as Array<Omit<PacketRollout, "success" | "truncated"> & { success: number; truncated: number }>;
  return { count, rows: rows.map(decodeRolloutRow) };
}

interface PatchSqlRow {
  id: string;
  patchIndex: number | null;
  targetModel: string | null;
  benchmark: string | null;
  valid: number;
  complete: number;
  baselineSuccess: number | null;
  patchedSuccess: number | null;
  reward: number | null;
  hookPositions: string | null;
  proposalId: string | null;
  proposalTitle: string | null;
  proposalKind: ProposalKind | null;
  proposalStatus: ProposalStatus | null;
  baseId: string | null;
  candidateId: string | null;
}

function packetPatches(store: Store, packetId: string): PatchEvaluationRow[] {
  const rows = store.sqlite
    .prepare(
      `SELECT pe.id, pe.patch_index AS patchIndex, pe.target_model AS targetModel, pe.benchmark, pe.valid, pe.complete,
              pe.baseline_success AS baselineSuccess, pe.patched_success AS patchedSuccess, pe.reward,
              pe.hook_positions AS hookPositions, p.id AS proposalId, p.title AS proposalTitle, p.kind AS proposalKind,
              p.status AS proposalStatus, p.base_harness_version_id AS baseId, p.candidate_harness_version_id AS candidateId
         FROM patch_evaluations pe LEFT JOIN proposals p ON p.id = pe.proposal_id
        WHERE pe.failure_packet_id = ?
        ORDER BY pe.patch_index IS NULL, pe.patch_index, pe.id`,
    )
    .all(packetId) as PatchSqlRow[];
  return rows.map((r) => ({
    id: r.id,
    patchIndex: r.patchIndex,
    targetModel: r.targetModel,
    benchmark: r.benchmark,
    valid: r.valid === 1,
    complete: r.complete === 1,
    baselineSuccess: r.baselineSuccess,
    patchedSuccess: r.patchedSuccess,
    reward: r.reward,
    hookPositions: parsePositions(r.hookPositions),
    proposal:
      r.proposalId === null
        ? null
        : {
            id: r.proposalId,
            title: r.proposalTitle!,
            kind: r.proposalKind!,
            status: r.proposalStatus!,
            baseHarnessVersionId: r.baseId!,
            candidateHarnessVersionId: r.candidateId!,
          },
  }));
}

/** One page of an experiment's failure packets, newest first (arrival order breaks ties within one batch). */
export function listFailurePackets(
  store: Store,
  experimentId: string,
  opts: { page: number; pageSize: number },
): { total: number; packets: FailurePacketView[] } {
  const { total } = store.sqlite
    .prepare("SELECT count(*) AS total FROM failure_packets WHERE experiment_id = ?")
    .get(experimentId) as { total: number };
  const rows = store.sqlite
    .prepare(
      `SELECT fp.id, fp.run_id AS runId, ru.name AS runName, fp.benchmark, c.id AS checkpointId, c.name AS checkpointName,
              c.model AS checkpointModel, c.step AS checkpointStep, substr(fp.text, 1, @preview) AS textPreview,
              length(fp.text) AS textChars, length(fp.text) - length(replace(fp.text, char(10), '')) + 1 AS textLines,
              fp.created_at AS createdAt
         FROM failure_packets fp
         LEFT JOIN runs ru ON ru.id = fp.run_id
         LEFT JOIN checkpoints c ON c.id = fp.target_checkpoint_id
        WHERE fp.experiment_id = @experimentId
        ORDER BY fp.created_at DESC, fp.rowid DESC
        LIMIT @limit OFFSET @offset`,
    )
    .all({ experimentId, preview: PACKET_TEXT_PREVIEW_CHARS, limit: opts.pageSize, offset: (opts.page - 1) * opts.pageSize }) as PacketRow[];
  const packets = rows.map((r): FailurePacketView => {
    const rollouts = packetRollouts(store, r.id);
    return {
      id: r.id,
      runId: r.runId,
      runName: r.runName,
      benchmark: r.benchmark,
      targetCheckpoint: r.checkpointId === null
        ? null
        : { id: r.checkpointId, name: r.checkpointName, model: r.checkpointModel, step: r.checkpointStep },
      textPreview: r.textPreview,
      textChars: r.textChars ?? 0,
      textLines: r.textPreview === null ? 0 : r.textLines ?? 0,
      createdAt: r.createdAt,
      rolloutCount: rollouts.count,
      rollouts: rollouts.rows,
      patches: packetPatches(store, r.id),
    };
  });
  return { total, packets };
}
