// One experiment's evaluation matrix: checkpoints × harness versions × benchmarks, pass@1 with intervals over
// tasks, Δ against a picked baseline, and the flips between two selected cells. Table 2 (the harness swap on
// one checkpoint) by default; the layout, baseline and selection live in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentHeading } from "@/db/queries/failure-packets";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { listJobTemplates } from "@/lib/services/jobs/templates";
import { LaunchSection } from "@/components/jobs/launch-section";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { crossComparePath, experimentComparePath } from "@/lib/http/page-links";
import { getMatrixPageData } from "@/db/queries/matrix-page-data";
import { preparePass1View } from "@/db/queries/pass-at-1-view";
import { parseMatrixParams } from "@/lib/results/matrix-params";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { EvalMatrixView } from "@/components/results/eval-matrix-view";

export const dynamic = "force-dynamic";
// A fixed title: the experiment's name would have to be read before the access check.
export const metadata: Metadata = { title: "Evaluation matrix" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ExperimentComparePage({ params, searchParams }: Props) {
  const user = await requireUser();
  const id = idFromSegment((await params).id);
  if (id === null) notFound();
  const store = getStore();
  // The experiment alone: its overview's counts read every rollout of it, which this page does not show.
  const experiment = getExperimentHeading(store, id);
  if (!experiment) notFound();
  const query = await searchParams;
  const { params: matrixParams, problems } = parseMatrixParams(query, { experiments: false });
  const data = getMatrixPageData(store, [experiment.id], matrixParams, "harness-swap");
  const pass1Scopes = [{ kind: "experiment" as const, id: experiment.id }];
  const pass1 = matrixParams.view === "curves" ? preparePass1View(store, pass1Scopes, query) : null;

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title={experiment.name} crumb="Evaluation matrix" section="compare">
        <p className="prose-text muted">
          The evaluation matrix of this experiment: every checkpoint evaluated under each harness version on each benchmark. To set this
          experiment beside others (the paper&apos;s Table 1), open the <Link href={crossComparePath([experiment.id])}>comparison across experiments</Link>.
        </p>
      </ExperimentPageHeader>
      <EvalMatrixView base={experimentComparePath(experiment.id)} data={data} problems={problems} harnessParam={matrixParams.harness}
        view={matrixParams.view} curves={pass1 && { scopes: pass1Scopes, initial: pass1.initial }} />
      {roleAtLeast(user.role, "reviewer") && (
        <LaunchSection
          experimentId={experiment.id}
          templates={listJobTemplates(store, { experimentId: experiment.id }).filter((t) => t.spec.kind === "evaluate")}
          title="Evaluate a checkpoint under harness versions…"
          intro="A new evaluation adds its cell to this matrix when it ends: choose the checkpoint, the harness version and the benchmark."
          // Unnamed: "Evaluate a checkpoint…" as a region name would also answer the matrix's "Checkpoint" label.
        />
      )}
    </main>
  );
}
