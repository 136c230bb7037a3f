// The Harness-R1 views of one experiment (issue 6, part 5): which hook position mattered (ablation bars per
// environment), whether the patch generalises to other target models (a Δ heatmap with counts), and the engineer's
// reward curve. Every setting is in the query string (base, patched, full, checkpoint); a bad one is named in a
// note and the default is shown instead.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentHeading } from "@/db/queries/failure-packets";
import { getHarnessR1Data, loadEvalCells } from "@/db/queries/harness-r1";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { prepareHarnessR1 } from "@/lib/harness-r1/prepare";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { AblationSection } from "@/components/harness-r1/ablation-section";
import { GeneralisationSection } from "@/components/harness-r1/generalisation-section";
import { EngineerCurveSection } from "@/components/harness-r1/engineer-curve-section";
import { BestPatchCurveSection } from "@/components/harness-r1/best-patch-curve-section";
import { listPatchEvaluationsAtStep } from "@/db/queries/best-patch-curve";
import { bestPatchCurves, bestPatchTable } from "@/lib/harness-r1/best-patch-curve";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Harness-R1 views" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function HarnessR1Page({ params, searchParams }: Props) {
  await requireUser();
  const experimentId = idFromSegment((await params).id);
  const store = getStore();
  const experiment = experimentId === null ? null : getExperimentHeading(store, experimentId);
  if (!experiment) notFound();
  const data = getHarnessR1Data(store, experiment.id);
  const r1 = prepareHarnessR1(data, await searchParams, (cells) => loadEvalCells(store, cells));
  const bestPatch = bestPatchCurves(listPatchEvaluationsAtStep(store, experiment.id));
  const engineerNames = Object.fromEntries(data.engineerRuns.map((r) => [r.runId, r.name ?? r.runId]));

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title="Harness-R1 views" crumb="Harness-R1 views" section="harness-r1">
        <p className="prose-text muted">
          What an engineer&apos;s hook patch is worth: which lifecycle position carries it, whether it helps target models it
          never saw, and how the engineer learned. pass@1 is the mean over tasks of each task&apos;s success rate over repeats;
          every interval is over tasks.
        </p>
      </ExperimentPageHeader>

      {r1.problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {r1.problems.join("; ")}.
        </p>
      )}

      <AblationSection
        experimentId={experiment.id}
        view={r1.view}
        sets={r1.candidates}
        set={r1.ablation}
        versionLabel={r1.versionLabel}
        checkpointLabel={r1.checkpointLabel}
      />
      <GeneralisationSection
        experimentId={experiment.id}
        view={r1.view}
        grid={r1.grid}
        baseId={r1.baseId}
        patchedId={r1.patchedId}
        versions={r1.gridVersions}
        versionLabel={r1.versionLabel}
      />
      <EngineerCurveSection runs={data.engineerRuns} />
      <BestPatchCurveSection curves={bestPatch} runNames={engineerNames} table={bestPatchTable(bestPatch)} />
    </main>
  );
}
