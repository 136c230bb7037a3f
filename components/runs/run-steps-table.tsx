// A training run's steps, one row each, with the rates computed from that step's train rollouts. Drawn by the
// one DataTable: the step and its pass and trainable rates always show, the counts give way on a phone.
import Link from "next/link";
import type { RunStepSummary } from "@/db/queries/run-steps";
import { formatCount, formatPercent, formatRatio } from "@/lib/format";
import { stepPath } from "@/lib/http/page-links";
import { DataTable, type Column } from "@/components/tables/data-table";
import { truncatedCount } from "./training-rates-grid";
import { Rate } from "./rate-cell";

export function epochText(epochs: number[]): string {
  if (epochs.length === 0) return "—";
  return epochs.length === 1 ? String(epochs[0]) : `${epochs[0]}–${epochs[epochs.length - 1]}`;
}

const rate = (count: number, total: number) => <Rate count={count} total={total} />;

function columns(runId: string): Column<RunStepSummary>[] {
  return [
    { id: "step", label: "Step", header: "Step", className: "nowrap", cell: (s) => <Link href={stepPath(runId, s.step)}>Step {s.step}</Link> },
    { id: "epoch", label: "Epoch", header: "Epoch", numeric: true, priority: 2, cell: (s) => epochText(s.epochs) },
    { id: "rollouts", label: "Rollouts", header: "Rollouts", numeric: true, priority: 3, cell: (s) => formatCount(s.rates.rollouts) },
    { id: "groups", label: "Groups", header: "Groups", numeric: true, priority: 3, cell: (s) => formatCount(s.rates.groups) },
    { id: "pass", label: "Pass rate", header: "Pass rate", numeric: true, cell: (s) => rate(s.rates.successes, s.rates.rollouts) },
    { id: "mixed", label: "Mixed-group ratio", header: "Mixed-group ratio", numeric: true, priority: 2, cell: (s) => rate(s.rates.mixedGroups, s.rates.groups) },
    { id: "trainable", label: "Trainable rate", header: "Trainable rate", numeric: true, cell: (s) => rate(s.rates.trainableRollouts, s.rates.rollouts) },
    { id: "truncation", label: "Truncation rate", header: "Truncation rate", numeric: true, priority: 2, cell: (s) => rate(truncatedCount(s.rates), s.rates.rollouts) },
  ];
}

export function RunStepsTable({ runId, steps }: { runId: string; steps: RunStepSummary[] }) {
  return <DataTable columns={columns(runId)} rows={steps} rowKey={(s) => String(s.step)} caption="Training steps with their rates" captionHidden />;
}
