// Several experiments' costs side by side (the paper's 18,056 rollouts for HarnessAdapt-RL against 16,928
// for GRPO), each against the first one listed: Δ = value − baseline, and Δ relative to the baseline. A
// token, cost or duration total that not every rollout reported on both sides gets no Δ: a difference of
// partial sums would compare different shares of the work. Pure.
import { ROLLOUT_PURPOSES } from "../domain/vocabulary";
import type { TableData } from "../tables/table-data";
import { coverage, type CostCell, type PurposeSummary, type Reported } from "./cost-summary";
import type { CallCounts } from "./model-calls";
import { PURPOSE_LABELS } from "./purpose-table";

export interface ExperimentCost {
  id: string;
  name: string;
  method: string;
  purposes: PurposeSummary;
  calls: CallCounts;
}

export type CompareFormat = "count" | "usd" | "duration";

export interface CompareValue {
  /** null when no rollout reported the quantity. */
  value: number | null;
  /** For reported quantities: how many of how many rollouts reported it. */
  reported?: { by: number; of: number };
}

export interface CompareRow {
  key: string;
  label: string;
  group: "Rollouts" | "Tokens, cost and time" | "Model calls";
  format: CompareFormat;
  values: CompareValue[];
  /** One per experiment after the first: value − first, or null when not comparable. */
  deltas: Array<number | null>;
  /** delta / first value; null when either is null or the first is 0. */
  relative: Array<number | null>;
}

const count = (n: number): CompareValue => ({ value: n });

function reported(q: Reported, of: number): CompareValue {
  return { value: q.reported === 0 ? null : q.sum, reported: { by: q.reported, of } };
}

function comparable(v: CompareValue): boolean {
  if (v.value === null) return false;
  return v.reported === undefined || coverage({ reported: v.reported.by, sum: v.value }, v.reported.of) === "all";
}

function row(key: string, label: string, group: CompareRow["group"], format: CompareFormat, values: CompareValue[]): CompareRow {
  const [first, ...rest] = values;
  const deltas = rest.map((v) => (first && comparable(first) && comparable(v) ? (v.value as number) - (first.value as number) : null));
  const relative = deltas.map((d) => (d === null || !first?.value ? null : d / first.value));
  return { key, label, group, format, values, deltas, relative };
}

export function compareCosts(list: readonly ExperimentCost[]): CompareRow[] {
  const all = (f: (c: CostCell) => CompareValue) => list.map((e) => f(e.purposes.all));
  return [
    ...ROLLOUT_PURPOSES.map((p) => row(p, PURPOSE_LABELS[p], "Rollouts", "count", list.map((e) => count(e.purposes.byPurpose[p].rollouts)))),
    row("training-side", "training side (all but evaluation)", "Rollouts", "count", list.map((e) => count(e.purposes.trainingSide.rollouts))),
    row("all", "all rollouts", "Rollouts", "count", list.map((e) => count(e.purposes.all.rollouts))),
    row("prompt-tokens", "prompt tokens", "Tokens, cost and time", "count", all((c) => reported(c.promptTokens, c.rollouts))),
    row("completion-tokens", "completion tokens", "Tokens, cost and time", "count", all((c) => reported(c.completionTokens, c.rollouts))),
    row("cost", "cost (USD)", "Tokens, cost and time", "usd", all((c) => reported(c.costUsd, c.rollouts))),
    row("turns", "turns", "Tokens, cost and time", "count", all((c) => count(c.turns))),
    row("duration", "rollout time", "Tokens, cost and time", "duration", all((c) => reported(c.durationMs, c.rollouts))),
    row("teacher-proposals", "teacher 2 proposals", "Model calls", "count", list.map((e) => count(e.calls.teacherProposals))),
    row("teacher-skills", "teacher 1 skill texts", "Model calls", "count", list.map((e) => count(e.calls.teacherSkills))),
    row("engineer-patches", "engineer patches", "Model calls", "count", list.map((e) => count(e.calls.engineerPatches))),
  ];
}

/** The side-by-side table as data: each experiment's value and "reported by", then Δ and Δ % per non-first one. */
export function compareTable(list: readonly ExperimentCost[], rows: readonly CompareRow[]): TableData {
  const [first, ...rest] = list;
  return {
    columns: [
      "Quantity", "Group",
      ...list.flatMap((e) => [e.name, `${e.name} reported by`]),
      ...rest.flatMap((e) => [`Δ ${e.name} − ${first?.name ?? ""}`, `Δ % ${e.name} vs ${first?.name ?? ""}`]),
    ],
    rows: rows.map((r) => [
      r.label, r.group,
      ...r.values.flatMap((v) => [v.value, v.reported ? v.reported.by : null]),
      ...r.deltas.flatMap((d, i) => [d, r.relative[i] === null ? null : (r.relative[i] as number) * 100]),
    ]),
  };
}
