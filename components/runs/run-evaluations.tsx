// An evaluation run's results on its own page: pass@1 with its interval per cell it evaluated, and the way to
// that cell in the experiment's matrix (selected there, so its flips against another cell are one click away).
// Drawn by the one DataTable: benchmark, checkpoint, version and pass@1 always show; size and link give way.
import Link from "next/link";
import type { RunEvaluationCell } from "@/db/queries/run-evaluations";
import { formatCellSize, formatScoreWithCi } from "@/lib/results/matrix-format";
import { matrixHref } from "@/lib/results/matrix-params";
import { experimentComparePath } from "@/lib/http/page-links";
import { DataTable, type Column } from "@/components/tables/data-table";

function passAt1Text(c: RunEvaluationCell): string {
  if (c.passAt1) return formatScoreWithCi(c.passAt1);
  if (c.reportedPassAt1 !== null) return `${formatScoreWithCi({ score: c.reportedPassAt1, ci: null })} (reported, no interval)`;
  return "—";
}

function sizeText(c: RunEvaluationCell): string {
  if (c.passAt1) return formatCellSize(c.passAt1, Array.from({ length: c.repeats }, (_, i) => i));
  return `${c.repeats} summary ${c.repeats === 1 ? "run" : "runs"}`;
}

const COLUMNS: Column<RunEvaluationCell>[] = [
  { id: "benchmark", label: "Benchmark", header: "Benchmark", value: (c) => c.benchmark },
  { id: "checkpoint", label: "Checkpoint", header: "Checkpoint", value: (c) => c.checkpointName },
  { id: "harness", label: "Harness version", header: "Harness version", value: (c) => c.harnessLabel },
  { id: "pass1", label: "pass@1 in % (95 % interval)", header: "pass@1 in % (95 % interval)", numeric: true, value: passAt1Text },
  { id: "size", label: "Size", header: "Size", priority: 2, value: sizeText },
  {
    id: "matrix",
    label: "In the matrix",
    header: "In the matrix",
    priority: 2,
    cell: (c) => <Link href={matrixHref(experimentComparePath(c.experimentId), { preset: "full", a: c })}>open its cell</Link>,
  },
];

export function RunEvaluations({ cells }: { cells: readonly RunEvaluationCell[] }) {
  if (cells.length === 0) return null;
  return (
    <section className="section" aria-labelledby="run-evals-heading">
      <h2 id="run-evals-heading">Evaluation results</h2>
      <DataTable
        columns={COLUMNS}
        rows={[...cells]}
        rowKey={(c) => `${c.checkpointId}~${c.harnessVersionId}~${c.benchmark}`}
        caption={<span className="muted small">pass@1 is each task&apos;s success averaged over the repeats, then over tasks; the interval is ±1.96 standard errors over tasks.</span>}
        exportName="evaluation-results"
      />
    </section>
  );
}
