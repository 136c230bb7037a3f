// Training curves of runs chosen across experiments, overlaid (e.g. GRPO vs HarnessAdapt-RL): the runs,
// series, x axis and smoothing live in the address (curvesPath in lib/http/page-links.ts builds it).
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listCurveRuns } from "@/db/queries/curves";
import { requireUser } from "@/lib/auth/current-user";
import { prepareCurvesView, type PageSearchParams } from "@/db/queries/curves-view";
import { TRAINING_KEYS } from "@/lib/curves/training-series";
import { EmptyState } from "@/components/ui/empty-state";
import { RunCurves } from "@/components/charts/run-curves";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Training curves" };

const DEFAULT_KEYS = [TRAINING_KEYS[0], TRAINING_KEYS[1]];

export default async function CurvesComparePage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireUser();
  const store = getStore();
  const options = listCurveRuns(store);
  const curves = prepareCurvesView(store, { runIds: [], searchParams: await searchParams, knownRuns: options.map((r) => r.id), defaultKeys: DEFAULT_KEYS });

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
          which. Vertical lines mark where a run&apos;s harness changed (solid) and where an epoch began (dashed).
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
        <RunCurves runIds={[]} runOptions={options} title="Curves" defaultKeys={DEFAULT_KEYS} initial={curves.initial} />
      )}
    </main>
  );
}
