// Which matrix rows are the same harness evaluated the same way, so the matrix shows them once: rows of one
// experiment and checkpoint whose harness versions hold the same files (the one naming's files key, a hash of
// every path with its content hash: lib/domain/harness-naming.ts) and whose cells give the same figures on every
// benchmark. When no proposal is accepted, a trainer records H1 with H0's files; under common random numbers H1
// then scores exactly H0's numbers, and a row per label repeats ".061 / .061 / .061". Those rows become one,
// headed "H0 = H1 = H2 (same files)". Rows with the same files but other figures (another evaluation, other
// streams) stay apart — that difference is worth seeing — and say which version's files they hold. Pure.
import { cellKey, rowKey, type CellRef, type RowRef } from "./cell-key";
import type { EvalCellSource, EvalMatrixSource, HarnessLabel } from "./matrix-source";

export interface RowGroup<R extends RowRef> {
  /** The row that stands for the group: the first in the order given (the earliest version). */
  row: R;
  /** Every row of the group, the standing row first; one row when nothing is identical to it. */
  members: R[];
  /** Set when the row's version holds an earlier version's files but its figures differ from that row's. */
  sameFilesAs: HarnessLabel | null;
}

const place = (c: EvalCellSource) => `${c.checkpointId ?? ""}\u0000${c.benchmark}`;

/**
 * Everything some cells say, per checkpoint and benchmark, as one comparable string: equal exactly when the
 * figures are. A matrix row's cells, or every cell of one harness version (the pass@1 curves).
 */
export function cellFigures(cells: readonly EvalCellSource[]): string {
  return [...cells]
    .sort((a, b) => (place(a) < place(b) ? -1 : place(a) > place(b) ? 1 : 0))
    .map((c) => JSON.stringify([
      c.checkpointId,
      c.benchmark,
      c.repeats,
      [...c.tasks].sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0)).map((t) => [t.taskId, t.successes, t.attempts]),
      c.summaryOnly.map((s) => [s.repeat, s.reported]),
    ]))
    .join("\n");
}

/**
 * The rows in their order, identical ones folded into the first of them. Rows without a harness version, or
 * whose version's files are unknown, are never folded.
 */
export function groupIdenticalRows<R extends RowRef>(rows: readonly R[], source: Pick<EvalMatrixSource, "cells" | "harnessVersions">): RowGroup<R>[] {
  const versions = new Map(source.harnessVersions.map((h) => [h.id, h]));
  const cellsOf = new Map<string, EvalCellSource[]>();
  for (const c of source.cells) {
    const key = rowKey(c);
    const list = cellsOf.get(key);
    if (list) list.push(c);
    else cellsOf.set(key, [c]);
  }
  const filesOf = (r: RowRef) => (r.harnessVersionId === null ? undefined : versions.get(r.harnessVersionId)?.filesKey);

  const groups: RowGroup<R>[] = [];
  const byIdentity = new Map<string, RowGroup<R>>();
  const firstWithFiles = new Map<string, R>();
  for (const row of rows) {
    const files = filesOf(row);
    if (files === undefined) {
      groups.push({ row, members: [row], sameFilesAs: null });
      continue;
    }
    const where = JSON.stringify([row.experimentId, row.checkpointId, files]);
    const identity = `${where}\n${cellFigures(cellsOf.get(rowKey(row)) ?? [])}`;
    const group = byIdentity.get(identity);
    if (group) {
      group.members.push(row);
      continue;
    }
    const earlier = firstWithFiles.get(where);
    if (!earlier) firstWithFiles.set(where, row);
    const created: RowGroup<R> = { row, members: [row], sameFilesAs: earlier ? versions.get(earlier.harnessVersionId!) ?? null : null };
    byIdentity.set(identity, created);
    groups.push(created);
  }
  return groups;
}

/** "H0 = H1 = H2 (same files)" for a folded group, else the one version's text. */
export function groupHarnessText(group: RowGroup<RowRef>, harnessText: (id: string | null) => string): string {
  if (group.members.length > 1) return `${[...new Set(group.members.map((m) => harnessText(m.harnessVersionId)))].join(" = ")} (same files)`;
  const own = harnessText(group.row.harnessVersionId);
  return group.sameFilesAs ? `${own} (same files as ${group.sameFilesAs.label}, other results)` : own;
}

/**
 * The key of the cell a selected cell is shown as: a folded version's cell (an eval run's "open its cell", a
 * pass@1 point of H1) is shown on the row that stands for it, whose cell holds the same figures; any other
 * cell is itself.
 */
export function shownCellKey(rows: ReadonlyArray<RowRef & { members: readonly RowRef[] }>, ref: CellRef): string {
  const key = rowKey(ref);
  const row = rows.find((r) => r.members.some((m) => rowKey(m) === key));
  return cellKey(row ? { experimentId: row.experimentId, checkpointId: row.checkpointId, harnessVersionId: row.harnessVersionId, benchmark: ref.benchmark } : ref);
}
