// Comparison across experiments: the evaluation matrix of several experiments side by side — by default the
// paper's Table 1 (one row per experiment at its final evaluated checkpoint, benchmarks as columns) — with
// links to the overlaid training curves and to the cost side by side. The choices live in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listExperimentEvalCounts } from "@/db/queries/eval-matrix";
import { requireUser } from "@/lib/services/auth/current-user";
import { crossComparePath, crossCostPath, curvesPath } from "@/lib/http/page-links";
import { getMatrixPageData } from "@/db/queries/matrix-page-data";
import { preparePass1View } from "@/db/queries/pass-at-1-view";
import { limitPass1Scopes } from "@/lib/curves/pass-at-1-address";
import { MAX_EXPERIMENTS, parseMatrixParams } from "@/lib/results/matrix-params";
import { EmptyState } from "@/components/ui/empty-state";
import { EvalMatrixView } from "@/components/results/eval-matrix-view";
import { ExperimentChooser } from "@/components/results/experiment-chooser";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ComparePage({ searchParams }: Props) {
  await requireUser();
  const store = getStore();
  const query = await searchParams;
  const { params, problems } = parseMatrixParams(query, { experiments: true });
  const all = listExperimentEvalCounts(store);
  // Without a choice: every experiment that has evaluation results (up to the cap), oldest first.
  const chosen = params.experiments ?? all.filter((e) => e.evalRuns > 0).slice(0, MAX_EXPERIMENTS).map((e) => e.id);
  const data = chosen.length > 0 ? getMatrixPageData(store, chosen, params, "methods") : null;
  // view=curves: the chosen experiments' pass@1 over their checkpoints, overlaid (as many as the API takes).
  const limited = limitPass1Scopes((data?.experiments ?? []).map((e) => ({ kind: "experiment" as const, id: e.id })));
  const pass1 = params.view === "curves" ? preparePass1View(store, limited.scopes, query) : null;
  const scopeNames = Object.fromEntries((data?.experiments ?? []).map((e) => [`experiment:${e.id}`, e.name]));

  return (
    <main>
      <header className="page-header">
        <h1>Compare</h1>
        <p className="prose-text muted">
          Experiments side by side. The evaluation matrix below puts pass@1 of each experiment on each benchmark with its 95 % interval over
          tasks and the difference to a baseline in percentage points; the harness swap and full layouts show H0/H1/H2 on one checkpoint or every
          evaluated checkpoint. Also: <Link href={curvesPath()}>training curves overlaid</Link> and <Link href={crossCostPath(chosen)}>cost side by side</Link>.
        </p>
      </header>
      {all.length === 0 ? (
        <EmptyState title="No experiments yet">
          <p>Experiments appear when a trainer, evaluator or importer sends events; see the <Link href="/api-docs">API documentation</Link>.</p>
        </EmptyState>
      ) : (
        <>
          <ExperimentChooser action={crossComparePath()} experiments={all} selected={chosen} preset={params.preset} harness={params.harness} />
          {data ? (
            <EvalMatrixView base={crossComparePath()} data={data} experiments={chosen} problems={problems} harnessParam={params.harness}
              view={params.view}
              curves={pass1 && {
                scopes: limited.scopes, scopeNames, initial: pass1.initial,
                note: limited.leftOut > 0 ? `pass@1 is drawn for the first ${limited.scopes.length} experiments; ${limited.leftOut} more left out.` : undefined,
              }} />
          ) : (
            <>
              {problems.length > 0 && <p className="notice small" role="note">Not applied: {problems.join("; ")}.</p>}
              <p className="muted">No experiment has evaluation results yet: choose experiments above once evaluators have sent <code>eval_result</code> events.</p>
            </>
          )}
        </>
      )}
    </main>
  );
}
