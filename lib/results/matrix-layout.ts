// Which rows and columns the matrix shows. Rows are evaluated (experiment, checkpoint, harness version)
// triples, columns are benchmarks, in every preset:
//   methods       the paper's Table 1: one row per experiment, at its final evaluated checkpoint (highest step)
//                 under one harness chosen by an explicit rule (evaluated last, the incumbent, or the initial H0);
//   harness-swap  the paper's Table 2: one checkpoint, one row per harness version evaluated on it;
//   full          every evaluated triple.
// In the last two, rows of one checkpoint whose harness versions hold the same files and score the same figures
// are one row, "H0 = H1 (same files)" (matrix-identity.ts); the row keeps every version it stands for.
// Columns are the benchmarks of the shown rows in the order they were first evaluated.
import { rowKey, type RowRef } from "./cell-key";
import { matrixLabels, type MatrixLabels } from "./matrix-labels";
import { groupHarnessText, groupIdenticalRows } from "./matrix-identity";
import type { EvalCellSource, EvalMatrixSource } from "./matrix-source";

export const MATRIX_PRESETS = ["methods", "harness-swap", "full"] as const;
export type MatrixPreset = (typeof MATRIX_PRESETS)[number];

export const HARNESS_RULES = ["latest", "incumbent", "initial"] as const;
export type HarnessRule = (typeof HARNESS_RULES)[number];

export const PRESET_NAMES: Record<MatrixPreset, string> = {
  methods: "Methods × benchmarks (Table 1)",
  "harness-swap": "Harness swap on one checkpoint (Table 2)",
  full: "Full: every checkpoint × harness version",
};

export const HARNESS_RULE_NAMES: Record<HarnessRule, string> = {
  latest: "the harness evaluated last",
  incumbent: "the incumbent harness",
  initial: "the initial harness (H0)",
};

export interface MatrixRowSpec extends RowRef {
  key: string;
  /** The row header. */
  label: string;
  /** What else identifies the row, e.g. "harnessadapt-rl · step 6 · H2". */
  detail: string;
  /** Methods preset: why this checkpoint and harness were taken. */
  choice?: string;
  /**
   * Every row this one stands for, itself first: harness versions holding the same files and evaluated with the
   * same figures are shown once ("H0 = H1 (same files)", matrix-identity.ts). One entry when it stands alone.
   */
  members: RowRef[];
}

export interface MatrixLayout {
  preset: MatrixPreset;
  rows: MatrixRowSpec[];
  columns: string[];
  /** Harness swap: the checkpoint shown (undefined in other presets; null = cells without a checkpoint). */
  checkpointId?: string | null;
  /** Things the reader must know about the choice of rows, e.g. a rule that had to fall back. */
  notes: string[];
}

const rowsOf = (cells: readonly EvalCellSource[]) => {
  const rows = new Map<string, RowRef & { lastOrder: number }>();
  for (const c of cells) {
    const key = rowKey(c);
    const row = rows.get(key);
    if (!row) rows.set(key, { experimentId: c.experimentId, checkpointId: c.checkpointId, harnessVersionId: c.harnessVersionId, lastOrder: c.lastOrder });
    else row.lastOrder = Math.max(row.lastOrder, c.lastOrder);
  }
  return [...rows.values()];
};

/** Ascending by step (no step first), then by when the checkpoint was recorded. */
function checkpointRank(labels: MatrixLabels, id: string | null): [number, number] {
  const c = labels.checkpoint(id);
  return [c?.step ?? -1, c?.order ?? -1];
}

const harnessRank = (labels: MatrixLabels, id: string | null) => labels.harness(id)?.order ?? Number.MAX_SAFE_INTEGER;

function compareRows(labels: MatrixLabels, experimentOrder: Map<string, number>) {
  return (a: RowRef, b: RowRef) => {
    const e = (experimentOrder.get(a.experimentId) ?? 0) - (experimentOrder.get(b.experimentId) ?? 0);
    if (e !== 0) return e;
    const [sa, oa] = checkpointRank(labels, a.checkpointId);
    const [sb, ob] = checkpointRank(labels, b.checkpointId);
    return sa - sb || oa - ob || harnessRank(labels, a.harnessVersionId) - harnessRank(labels, b.harnessVersionId);
  };
}

function columnsOf(cells: readonly EvalCellSource[], rows: readonly RowRef[]): string[] {
  const keys = new Set(rows.map(rowKey));
  const first = new Map<string, number>();
  for (const c of cells) {
    if (!keys.has(rowKey(c))) continue;
    first.set(c.benchmark, Math.min(first.get(c.benchmark) ?? Infinity, c.firstOrder));
  }
  return [...first.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([b]) => b);
}

/** The checkpoint an experiment was evaluated at last in training terms: highest step, then latest evaluated. */
export function finalCheckpoint(rows: ReadonlyArray<RowRef & { lastOrder: number }>, labels: MatrixLabels): string | null {
  let best: (RowRef & { lastOrder: number }) | undefined;
  for (const r of rows) {
    if (!best) {
      best = r;
      continue;
    }
    const [sr] = checkpointRank(labels, r.checkpointId);
    const [sb] = checkpointRank(labels, best.checkpointId);
    if (sr > sb || (sr === sb && r.lastOrder > best.lastOrder)) best = r;
  }
  return best?.checkpointId ?? null;
}

/** Harness swap's default: the checkpoint evaluated under the most harness versions; ties by step, then recency. */
export function defaultSwapCheckpoint(cells: readonly EvalCellSource[], labels: MatrixLabels): string | null | undefined {
  const byCheckpoint = new Map<string | null, { versions: Set<string | null>; lastOrder: number }>();
  for (const c of cells) {
    const entry = byCheckpoint.get(c.checkpointId) ?? { versions: new Set(), lastOrder: 0 };
    entry.versions.add(c.harnessVersionId);
    entry.lastOrder = Math.max(entry.lastOrder, c.lastOrder);
    byCheckpoint.set(c.checkpointId, entry);
  }
  let best: string | null | undefined;
  let bestScore: [number, number, number] = [-1, -1, -1];
  for (const [id, entry] of byCheckpoint) {
    const score: [number, number, number] = [entry.versions.size, checkpointRank(labels, id)[0], entry.lastOrder];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && (score[1] > bestScore[1] || (score[1] === bestScore[1] && score[2] > bestScore[2])))) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}

function methodsLayout(source: EvalMatrixSource, labels: MatrixLabels, rule: HarnessRule): MatrixLayout {
  const rows: MatrixRowSpec[] = [];
  const notes: string[] = [];
  for (const e of source.experiments) {
    const candidates = rowsOf(source.cells.filter((c) => c.experimentId === e.id));
    if (candidates.length === 0) {
      notes.push(`${e.name} has no evaluation results.`);
      continue;
    }
    const checkpointId = finalCheckpoint(candidates, labels);
    const atCheckpoint = candidates.filter((r) => r.checkpointId === checkpointId);
    const latest = atCheckpoint.reduce((a, b) => (b.lastOrder > a.lastOrder ? b : a));
    let chosen = latest;
    let why = HARNESS_RULE_NAMES.latest;
    if (rule === "incumbent") {
      const stand = e.incumbentVersionIds.map((id) => atCheckpoint.find((r) => r.harnessVersionId === id)).find((r) => r !== undefined);
      if (stand) {
        chosen = stand;
        why = `the incumbent harness (${e.incumbentLabel ?? "?"})`;
      } else {
        notes.push(`${e.name}: the incumbent harness (${e.incumbentLabel ?? "none"}) was not evaluated at ${labels.checkpointText(checkpointId)}; its row shows the harness evaluated last.`);
      }
    } else if (rule === "initial") {
      const initial = atCheckpoint.filter((r) => labels.harness(r.harnessVersionId)?.origin === "initial")
        .sort((a, b) => harnessRank(labels, a.harnessVersionId) - harnessRank(labels, b.harnessVersionId))[0];
      if (initial) {
        chosen = initial;
        why = HARNESS_RULE_NAMES.initial;
      } else {
        notes.push(`${e.name}: no initial harness version was evaluated at ${labels.checkpointText(checkpointId)}; its row shows the harness evaluated last.`);
      }
    }
    const ref = { experimentId: e.id, checkpointId: chosen.checkpointId, harnessVersionId: chosen.harnessVersionId };
    rows.push({
      key: rowKey(chosen), ...ref,
      label: e.name,
      detail: `${e.method} · ${labels.checkpointText(chosen.checkpointId)} · ${labels.harnessText(chosen.harnessVersionId)}${sameFilesNote(source, chosen.harnessVersionId)}`,
      choice: `final evaluated checkpoint; ${why}`,
      members: [ref],
    });
  }
  return { preset: "methods", rows, columns: columnsOf(source.cells, rows), notes };
}

/** " (same files as H0)" when an earlier version of the experiment holds the version's files; else "". */
function sameFilesNote(source: EvalMatrixSource, id: string | null): string {
  const version = source.harnessVersions.find((h) => h.id === id);
  if (!version?.filesKey) return "";
  const first = source.harnessVersions.find((h) => h.experimentId === version.experimentId && h.filesKey === version.filesKey);
  return first && first.id !== version.id ? ` (same files as ${first.label})` : "";
}

const refOf = (r: RowRef): RowRef => ({ experimentId: r.experimentId, checkpointId: r.checkpointId, harnessVersionId: r.harnessVersionId });

function swapLayout(source: EvalMatrixSource, labels: MatrixLabels, checkpointId: string | null | undefined): MatrixLayout {
  const multi = source.experiments.length > 1;
  const sorted = checkpointId === undefined ? [] : rowsOf(source.cells.filter((c) => c.checkpointId === checkpointId))
    .sort((a, b) => harnessRank(labels, a.harnessVersionId) - harnessRank(labels, b.harnessVersionId));
  const rows = groupIdenticalRows(sorted, source).map((g) => ({
    key: rowKey(g.row), ...refOf(g.row),
    label: groupHarnessText(g, labels.harnessText),
    detail: `${multi ? `${labels.experimentText(g.row.experimentId)} · ` : ""}${labels.checkpointText(g.row.checkpointId)}`,
    members: g.members.map(refOf),
  }));
  return { preset: "harness-swap", rows, columns: columnsOf(source.cells, rows), checkpointId: checkpointId ?? null, notes: [] };
}

function fullLayout(source: EvalMatrixSource, labels: MatrixLabels): MatrixLayout {
  const multi = source.experiments.length > 1;
  const order = new Map(source.experiments.map((e, i) => [e.id, i]));
  const rows = groupIdenticalRows(rowsOf(source.cells).sort(compareRows(labels, order)), source).map((g) => ({
    key: rowKey(g.row), ...refOf(g.row),
    label: `${multi ? `${labels.experimentText(g.row.experimentId)} · ` : ""}${labels.checkpointText(g.row.checkpointId)} · ${groupHarnessText(g, labels.harnessText)}`,
    detail: multi ? labels.experiment(g.row.experimentId)?.method ?? "" : "",
    members: g.members.map(refOf),
  }));
  return { preset: "full", rows, columns: columnsOf(source.cells, rows), notes: [] };
}

export interface LayoutChoice {
  preset: MatrixPreset;
  /** Harness swap: the checkpoint; undefined = the default. */
  checkpointId?: string | null;
  /** Methods: which harness stands for an experiment. */
  harnessRule: HarnessRule;
}

export function matrixLayout(source: EvalMatrixSource, choice: LayoutChoice): MatrixLayout {
  const labels = matrixLabels(source);
  if (choice.preset === "methods") return methodsLayout(source, labels, choice.harnessRule);
  if (choice.preset === "harness-swap") {
    return swapLayout(source, labels, choice.checkpointId !== undefined ? choice.checkpointId : defaultSwapCheckpoint(source.cells, labels));
  }
  return fullLayout(source, labels);
}

/** The checkpoints a harness swap can be shown for: every evaluated one, in training order. */
export function evaluatedCheckpoints(source: EvalMatrixSource): Array<{ id: string | null; text: string; harnessVersions: number }> {
  const labels = matrixLabels(source);
  const order = new Map(source.experiments.map((e, i) => [e.id, i]));
  const byId = new Map<string | null, { experimentId: string; versions: Set<string | null> }>();
  for (const c of source.cells) {
    const entry = byId.get(c.checkpointId) ?? { experimentId: c.experimentId, versions: new Set() };
    entry.versions.add(c.harnessVersionId);
    byId.set(c.checkpointId, entry);
  }
  const multi = source.experiments.length > 1;
  return [...byId.entries()]
    .sort(([a, ea], [b, eb]) => {
      const e = (order.get(ea.experimentId) ?? 0) - (order.get(eb.experimentId) ?? 0);
      const [sa, oa] = checkpointRank(labels, a);
      const [sb, ob] = checkpointRank(labels, b);
      return e || sa - sb || oa - ob;
    })
    .map(([id, e]) => ({
      id,
      text: `${multi ? `${labels.experimentText(e.experimentId)} · ` : ""}${labels.checkpointText(id)}`,
      harnessVersions: e.versions.size,
    }));
}
