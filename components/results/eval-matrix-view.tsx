// The body both matrix pages share: notes for parameters that were not applied, the choice of table or curves,
// the layout controls, the matrix with its baseline and export, the flips of the two selected cells, and the
// summary-only runs — or, as the "curves" view, the same cells as pass@1 curves over checkpoints.
import Link from "next/link";
import type { CellRef } from "@/lib/results/cell-key";
import { shownCellKey } from "@/lib/results/matrix-identity";
import type { MatrixPageData } from "@/db/queries/matrix-page-data";
import { matrixHref, type MatrixParams } from "@/lib/results/matrix-params";
import { PlainTable } from "@/components/tables/plain-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Pass1Curves, type Pass1CurvesProps } from "@/components/charts/pass1-curves";
import { EvalMatrixTable } from "./eval-matrix-table";
import { FlipsPanel } from "./flips-panel";
import { MatrixControls } from "./matrix-controls";

interface Props {
  /** The page's own path: experimentComparePath(id) or "/compare". */
  base: string;
  data: MatrixPageData;
  /** The experiments as the URL should keep them (the cross-experiment page); undefined on one experiment's page. */
  experiments?: string[];
  /** Notes from parsing the URL, before the data was consulted. */
  problems: string[];
  harnessParam?: MatrixParams["harness"];
  /** The view=curves body: the page's experiments as pass@1 scopes, computed on the server. */
  curves?: Pick<Pass1CurvesProps, "scopes" | "scopeNames" | "initial" | "note"> | null;
  view?: MatrixParams["view"];
}

export function EvalMatrixView({ base, data, experiments, problems, harnessParam, curves, view: shown }: Props) {
  const { view } = data;
  const current: MatrixParams = {
    experiments,
    preset: view.preset,
    harness: harnessParam,
    checkpoint: view.preset === "harness-swap" && view.layout.checkpointId ? view.layout.checkpointId : undefined,
    baseline: view.baselineIsDefault ? undefined : view.baseline ?? undefined,
    a: view.a ?? undefined,
    b: view.b ?? undefined,
  };
  const hrefWith = (change: { a?: CellRef; b?: CellRef; baseline?: CellRef }) => matrixHref(base, { ...current, ...change });
  const allProblems = [...problems, ...view.problems];
  const rowsName = view.preset === "methods" ? "experiments" : view.preset === "harness-swap" ? "harness versions on one checkpoint" : "checkpoint × harness version";
  // A folded version's cell is marked on the row that stands for it ("H0 = H1 (same files)").
  const selectedA = view.a ? shownCellKey(view.layout.rows, view.a) : null;
  const selectedB = view.b ? shownCellKey(view.layout.rows, view.b) : null;

  const viewNav = (
    <nav aria-label="Matrix view" className="small">
      Show the cells as{" "}
      <Link href={matrixHref(base, current)} aria-current={shown === "curves" ? undefined : "page"}>a table</Link>
      {" · "}
      <Link href={matrixHref(base, { ...current, view: "curves" })} aria-current={shown === "curves" ? "page" : undefined}>pass@1 curves over checkpoints</Link>
    </nav>
  );
  if (shown === "curves") {
    return (
      <>
        {problems.length > 0 && <p className="notice small" role="note">Not applied: {problems.join("; ")}.</p>}
        {viewNav}
        {curves ? (
          <Pass1Curves {...curves} title="pass@1 over checkpoints" emptyText="No evaluated checkpoint and no reported pass@1 yet." />
        ) : (
          <p className="muted">No experiment to draw.</p>
        )}
      </>
    );
  }

  return (
    <>
      {allProblems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {allProblems.join("; ")}.
        </p>
      )}
      {viewNav}
      <MatrixControls base={base} view={view} params={current}
        hrefFor={(preset) => matrixHref(base, { experiments, preset, harness: harnessParam, baseline: current.baseline, a: current.a, b: current.b })} />
      {view.layout.notes.map((n) => <p key={n} className="notice small" role="note">{n}</p>)}

      <section className="section" aria-labelledby="matrix-heading">
        <h2 id="matrix-heading">pass@1 matrix</h2>
        {view.matrix.rows.length === 0 ? (
          <EmptyState title="No evaluation results to show">
            <p>
              Cells appear when an evaluator sends <code>eval_result</code> events (checkpoint × harness version × benchmark × repeat,
              with per-task results).
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="muted small">
              pass@1 is each task&apos;s success averaged over the repeats, then over tasks; the interval is ±1.96 standard errors over tasks
              (not the spread of the repeat means). Baseline: <strong>{data.baselineText ?? "none"}</strong>
              {view.baselineIsDefault && view.baseline && " (the first cell; pick another with “baseline” in any cell)"}. Each cell&apos;s Δ is
              against the baseline on its benchmark, or against the baseline row on another benchmark — a difference between benchmarks compares
              different tasks. Select two cells as A and B to see which tasks flipped.
            </p>
            <EvalMatrixTable matrix={view.matrix} rowsName={rowsName} cellTexts={data.cellTexts}
              selectedA={selectedA} selectedB={selectedB} hrefWith={hrefWith} exportTable={data.matrixTable} />
          </>
        )}
      </section>

      {data.selection.a && data.selection.b && data.flips ? (
        <FlipsPanel a={data.selection.a} b={data.selection.b} flips={data.flips.result} table={data.flips.table} />
      ) : (
        view.matrix.rows.length > 0 && (
          <p className="muted small" role="status">
            {data.selection.a ? `A: ${data.selection.a.text}. Now select B.` : data.selection.b ? `B: ${data.selection.b.text}. Now select A.` : "Select two cells (A and B) to list the tasks that flipped between them."}
          </p>
        )
      )}

      {data.summaryOnly.rows.length > 0 && (
        <section className="section" aria-labelledby="summary-only-heading">
          <h2 id="summary-only-heading">Summary-only evaluation runs</h2>
          <p className="muted small">These runs sent only reported numbers — summary only: no interval, no per-task view.</p>
          <PlainTable table={data.summaryOnly} exportName="summary-only evaluation runs" />
        </section>
      )}
    </>
  );
}

