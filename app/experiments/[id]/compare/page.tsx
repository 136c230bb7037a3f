// One experiment's evaluation matrix: checkpoints × harness versions × benchmarks, pass@1 with intervals over
// tasks, Δ against a picked baseline, and the flips between two selected cells. Table 2 (the harness swap on
// one checkpoint) by default; the layout, baseline and selection live in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentOverview } from "@/db/queries/experiments";
import { requireUser } from "@/lib/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { crossComparePath, experimentComparePath, experimentPath } from "@/lib/http/page-links";
import { getMatrixPageData } from "@/lib/results/matrix-page-data";
import { parseMatrixParams } from "@/lib/results/matrix-params";
import { Badge } from "@/components/ui/badge";
import { ExperimentTabs } from "@/components/experiments/experiment-tabs";
import { EvalMatrixView } from "@/components/results/eval-matrix-view";

export const dynamic = "force-dynamic";
// A fixed title: the experiment's name would have to be read before the access check.
export const metadata: Metadata = { title: "Evaluation matrix" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ExperimentComparePage({ params, searchParams }: Props) {
  await requireUser();
  const id = idFromSegment((await params).id);
  if (id === null) notFound();
  const store = getStore();
  const overview = getExperimentOverview(store, id);
  if (!overview) notFound();
  const { experiment } = overview;
  const { params: matrixParams, problems } = parseMatrixParams(await searchParams, { experiments: false });
  const data = getMatrixPageData(store, [experiment.id], matrixParams, "harness-swap");

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(experiment.id)}>{experiment.name}</Link> / Evaluation matrix
        </nav>
        <div className="title-row">
          <h1>{experiment.name}</h1>
          <Badge tone="accent" title="Method">{experiment.method}</Badge>
        </div>
        <ExperimentTabs experimentId={experiment.id} method={experiment.method} current="compare" />
        <p className="prose-text muted">
          The evaluation matrix of this experiment: every checkpoint evaluated under each harness version on each benchmark. To set this
          experiment beside others (the paper&apos;s Table 1), open the <Link href={crossComparePath([experiment.id])}>comparison across experiments</Link>.
        </p>
      </header>
      <EvalMatrixView base={experimentComparePath(experiment.id)} data={data} problems={problems} harnessParam={matrixParams.harness} />
    </main>
  );
}
