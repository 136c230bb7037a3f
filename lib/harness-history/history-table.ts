// The harness versions as one table in creation order (the timeline), built from the same values the tree
// shows so "Copy CSV" gives exactly what is on the page. Pure.
import { HOOK_POSITIONS, ROLLOUT_PURPOSES } from "../domain/vocabulary";
import type { TableData } from "../tables/table-data";
import { hooksByPosition, kindSummary } from "./file-summary";
import type { HarnessNames } from "../domain/harness-naming";
import { promotionText } from "./promotion-text";
import { byCreation } from "./version-tree";
import type { HarnessHistory, HistoryVersion } from "./types";

export function rolloutTotal(rollouts: HistoryVersion["rollouts"]): number {
  return ROLLOUT_PURPOSES.reduce((n, p) => n + (rollouts[p] ?? 0), 0);
}

/** "pre_action ×2, post_feedback": hook positions in lifecycle order with their file counts. */
export function hookSummary(v: HistoryVersion): string {
  const hooks = hooksByPosition(v.files);
  return HOOK_POSITIONS.filter((p) => hooks[p] > 0).map((p) => (hooks[p] > 1 ? `${p} ×${hooks[p]}` : p)).join(", ");
}

export const HISTORY_COLUMNS = [
  "Label", "Name", "Parent", "Origin", "Proposal", "Proposal status", "Epoch", "Round", "Files", "File kinds", "Hooks",
  "Same files as", "Incumbent", "Promotions", "Rollouts", "Created", "Id",
];

export function historyTable(history: HarnessHistory, shown: ReadonlySet<string>, sameAs: ReadonlyMap<string, string>, names: HarnessNames): TableData {
  const labelOf = new Map(history.versions.map((v) => [v.id, v.label]));
  const promoted = new Map<string, string[]>();
  for (const p of history.promotions) promoted.set(p.harnessVersionId, [...(promoted.get(p.harnessVersionId) ?? []), promotionText(p, names)]);
  const rows = [...history.versions].sort(byCreation).filter((v) => shown.has(v.id)).map((v) => {
    const same = sameAs.get(v.id);
    return [
      v.label, names.nameOf(v.id), v.parentId === null ? null : (labelOf.get(v.parentId) ?? v.parentId), v.origin,
      v.proposal?.title ?? null, v.proposal?.status ?? null, v.proposal?.epoch ?? null, v.proposal?.round ?? null,
      v.files.length, kindSummary(v.files) || null, hookSummary(v) || null,
      same === undefined ? null : (labelOf.get(same) ?? same),
      history.incumbent?.harnessVersionId === v.id ? (history.incumbent.label === v.label ? v.label : `${v.label} (numbered ${history.incumbent.label} in promotion order)`) : null,
      promoted.get(v.id)?.join("; ") ?? null,
      rolloutTotal(v.rollouts), new Date(v.createdAt).toISOString(), v.id,
    ];
  });
  return { columns: HISTORY_COLUMNS, rows };
}
