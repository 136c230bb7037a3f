// The rows of an experiment's "rollouts by purpose" table, shared by the page (which draws them) and the
// TableData export (which copies them), so both carry the same numbers. Pure.
import { ROLLOUT_PURPOSES, type RolloutPurpose } from "../domain/vocabulary";
import type { TableCell, TableData } from "../tables/table-data";
import type { CostCell, PurposeSummary, Reported, RunCost } from "./cost-summary";

/** The paper's names for the purposes (DOMAIN.md "Cost"). */
export const PURPOSE_LABELS: Record<RolloutPurpose, string> = {
  train: "policy training",
  preparation: "preparation",
  comparison: "comparison",
  eval: "evaluation",
  rerun: "re-runs",
};

export const PURPOSE_NOTES: Record<RolloutPurpose, string> = {
  train: "sampled for policy updates",
  preparation: "spent preparing skills and proposals",
  comparison: "candidate vs current harness; not reused for training",
  eval: "evaluation of fixed checkpoints",
  rerun: "frozen target re-run under an engineer patch",
};

export interface PurposeRow {
  key: RolloutPurpose | "training-side" | "all";
  label: string;
  note: string;
  cell: CostCell;
}

export function purposeRows(s: PurposeSummary): PurposeRow[] {
  return [
    ...ROLLOUT_PURPOSES.map((p) => ({ key: p, label: PURPOSE_LABELS[p], note: PURPOSE_NOTES[p], cell: s.byPurpose[p] })),
    { key: "training-side" as const, label: "training side", note: "all purposes but evaluation (how the paper counts 18,056)", cell: s.trainingSide },
    { key: "all" as const, label: "all rollouts", note: "including evaluation", cell: s.all },
  ];
}

const sumOrNull = (q: Reported): TableCell => (q.reported === 0 ? null : q.sum);

const CELL_COLUMNS = [
  "Rollouts", "Prompt tokens", "Prompt tokens reported by", "Completion tokens", "Completion tokens reported by",
  "Cost (USD)", "Cost reported by", "Turns", "Mean turns", "Duration (ms)", "Duration reported by",
];

function cellValues(c: CostCell): TableCell[] {
  return [
    c.rollouts, sumOrNull(c.promptTokens), c.promptTokens.reported, sumOrNull(c.completionTokens), c.completionTokens.reported,
    sumOrNull(c.costUsd), c.costUsd.reported, c.turns, c.rollouts === 0 ? null : c.turns / c.rollouts,
    sumOrNull(c.durationMs), c.durationMs.reported,
  ];
}

/** Sums are empty cells when no rollout reported them; the "reported by" columns say how many did. */
export function purposeTable(s: PurposeSummary): TableData {
  return {
    columns: ["Purpose", "Meaning", ...CELL_COLUMNS],
    rows: purposeRows(s).map((r) => [r.label, r.note, ...cellValues(r.cell)]),
  };
}

export function runTable(runs: readonly RunCost[]): TableData {
  return {
    columns: ["Run", "Run id", "Kind", "Status", ...ROLLOUT_PURPOSES.map((p) => `${PURPOSE_LABELS[p]} rollouts`), ...CELL_COLUMNS],
    rows: runs.map((r) => [
      r.run.name ?? r.run.id, r.run.id, r.run.kind, r.run.status,
      ...ROLLOUT_PURPOSES.map((p) => r.byPurpose[p] ?? 0), ...cellValues(r.total),
    ]),
  };
}
