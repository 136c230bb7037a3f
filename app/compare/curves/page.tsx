// Training curves of runs chosen across experiments, overlaid (e.g. GRPO vs HarnessAdapt-RL): the runs,
// series, x axis and smoothing live in the address (curvesPath in lib/http/page-links.ts builds it).
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listCurveRuns } from "@/db/queries/curves";
import { requireUser } from "@/lib/services/auth/current-user";
import { prepareCurvesView, type PageSearchParams } from "@/db/queries/curves-view";
import { preparePass1View } from "@/db/queries/pass-at-1-view";
import { limitPass1Scopes } from "@/lib/curves/pass-at-1-address";
import { TRAINING_KEYS } from "@/lib/curves/training-series";
import { EmptyState } from "@/components/ui/empty-state";
import { RunCurves } from "@/components/charts/run-curves";
import { Pass1ForSelectedRuns } from "@/components/charts/pass1-for-selected-runs";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Training curves" };

const DEFAULT_KEYS = [TRAINING_KEYS[0], TRAINING_KEYS[1]];

export default async function CurvesComparePage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireUser();
  const store = getStore();
  const options = listCurveRuns(store);
  const query = await searchParams;
  const curves = prepareCurvesView(store, { runIds: [], searchParams: query, knownRuns: options.map((r) => r.id), defaultKeys: DEFAULT_KEYS });
  // The chosen runs' pass@1 below their training curves: the scopes the client will ask for, computed once here.
  const chosen = curves.initial?.data.runs.map((r) => r.id) ?? [];
  const pass1 = preparePass1View(store, limitPass1Scopes(chosen.map((id) => ({ kind: "run" as const, id }))).scopes, query);
  const runNames = Object.fromEntries(options.map((r) => [r.id, `${r.experimentName} · ${r.name ?? r.id}`]));

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/compare">Compare</Link> / <span>Training curves</span>
        </nav>
        <h1>Training curves across runs</h1>
        <p className="muted prose-text">
          Overlay the training runs of several experiments, e.g. GRPO against HarnessAdapt-RL. Trainable rate and pass rate
          are computed from each run&apos;s stored train rollouts, or taken from what its trainer reported; each chart says
          which. Vertical lines mark where a run&apos;s harness changed (solid) and where an epoch began (dashed). Below, the
          pass@1 of the checkpoints each chosen run produced, per harness version and benchmark, with its 95 % interval.
        </p>
      </header>
      {options.length === 0 ? (
        <EmptyState title="No training runs yet">
          <p>
            Curves appear for runs of kind <code>train</code> or <code>engineer</code>, and for any run a trainer sent{" "}
            <code>metrics</code> events for.
          </p>
        </EmptyState>
      ) : (
        <>
          <RunCurves runIds={[]} runOptions={options} title="Curves" defaultKeys={DEFAULT_KEYS} initial={curves.initial} />
          <Pass1ForSelectedRuns runNames={runNames} initial={pass1?.initial} />
        </>
      )}
    </main>
  );
}
