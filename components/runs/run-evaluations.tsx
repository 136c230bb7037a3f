// An evaluation run's results on its own page: pass@1 with its interval per cell it evaluated, and the way to
// that cell in the experiment's matrix (selected there, so its flips against another cell are one click away).
import Link from "next/link";
import type { RunEvaluationCell } from "@/db/queries/run-evaluations";
import { formatCellSize, formatScoreWithCi } from "@/lib/results/matrix-format";
import { matrixHref } from "@/lib/results/matrix-params";
import { experimentComparePath } from "@/lib/http/page-links";

export function RunEvaluations({ cells }: { cells: readonly RunEvaluationCell[] }) {
  if (cells.length === 0) return null;
  return (
    <section className="section" aria-labelledby="run-evals-heading">
      <h2 id="run-evals-heading">Evaluation results</h2>
      <table className="table">
        <caption className="muted small">
          pass@1 is each task&apos;s success averaged over the repeats, then over tasks; the interval is ±1.96 standard errors over tasks.
        </caption>
        <thead>
          <tr>
            <th scope="col">Benchmark</th>
            <th scope="col">Checkpoint</th>
            <th scope="col">Harness version</th>
            <th scope="col" className="num">pass@1 in % (95 % interval)</th>
            <th scope="col">Size</th>
            <th scope="col">In the matrix</th>
          </tr>
        </thead>
        <tbody>
          {cells.map((c) => (
            <tr key={`${c.checkpointId}~${c.harnessVersionId}~${c.benchmark}`}>
              <th scope="row">{c.benchmark}</th>
              <td>{c.checkpointName ?? <span className="muted">—</span>}</td>
              <td>{c.harnessLabel ?? <span className="muted">—</span>}</td>
              <td className="num">
                {c.passAt1 ? formatScoreWithCi(c.passAt1) : c.reportedPassAt1 !== null ? `${formatScoreWithCi({ score: c.reportedPassAt1, ci: null })} (reported, no interval)` : "—"}
              </td>
              <td>{c.passAt1 ? formatCellSize(c.passAt1, Array.from({ length: c.repeats }, (_, i) => i)) : `${c.repeats} summary ${c.repeats === 1 ? "run" : "runs"}`}</td>
              <td>
                <Link href={matrixHref(experimentComparePath(c.experimentId), { preset: "full", a: c })}>open its cell</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
