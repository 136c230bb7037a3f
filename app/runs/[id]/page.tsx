// One run: what it is, its training steps with the rates of each (from the stored train rollouts), and its
// rollouts by purpose with the way into the trajectory browser.
import type { Metadata } from "next";
import Link from "next/link";
import { PurposeCountsTable } from "@/components/experiments/purpose-counts-table";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getRunOverview, listRunSteps } from "@/db/queries/run-steps";
import { listMetricKeys } from "@/db/queries/curves";
import { getRunJob } from "@/db/queries/run-job";
import { prepareCurvesView, type PageSearchParams } from "@/db/queries/curves-view";
import { preparePass1View } from "@/db/queries/pass-at-1-view";
import { requireUser } from "@/lib/services/auth/current-user";
import { formatCount, formatDateTime } from "@/lib/format";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { experimentPath, jobPath, runTrajectoriesPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { EmptyState } from "@/components/ui/empty-state";
import { RunStepsTable } from "@/components/runs/run-steps-table";
import { TrainingRatesGrid } from "@/components/runs/training-rates-grid";
import { Pass1CurvesSection, TrainingCurvesSection } from "@/components/charts/curve-sections";
import { RunEvaluations } from "@/components/runs/run-evaluations";
import { listRunEvaluations } from "@/db/queries/run-evaluations";
import { getLiveState } from "@/db/queries/live-state";
import { liveApiPath } from "@/lib/live/live-query";
import { LiveRefresh } from "@/components/live/live-refresh";

export const dynamic = "force-dynamic";
// A fixed title: the run's name would have to be read before the access check.
export const metadata: Metadata = { title: "Run" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<PageSearchParams>;
}

export default async function RunPage({ params, searchParams }: Props) {
  await requireUser();
  const runId = idFromSegment((await params).id);
  const store = getStore();
  const run = runId === null ? null : getRunOverview(store, runId);
  if (!run) notFound();
  const steps = listRunSteps(store, run.id);
  const job = getRunJob(store, run.id);
  const train = run.trainingRates;
  // Curves for training and engineer runs, and for any run a trainer reported metrics for.
  const hasCurves = run.kind === "train" || run.kind === "engineer" || steps.length > 0 || listMetricKeys(store, run.id).length > 0;
  const query = await searchParams;
  const curves = hasCurves ? prepareCurvesView(store, { runIds: [run.id], searchParams: query, knownRuns: [run.id] }) : null;
  // pass@1 of the checkpoints this run produced (or its trainer's reported pass@1), when there is any.
  const pass1Scopes = [{ kind: "run" as const, id: run.id }];
  const pass1 = preparePass1View(store, pass1Scopes, query);
  const evaluations = listRunEvaluations(store, run.id);
  // While the run goes on, the page follows it (counts, steps, curves) without a reload.
  const live = getLiveState(store, { kind: "run", id: run.id });

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(run.experimentId)}>{run.experimentName}</Link> /{" "}
          <span className="mono">{run.id}</span>
        </nav>
        <div className="title-row">
          <h1 className="wrap-anywhere">{run.name ?? run.id}</h1>
          <Badge tone="accent" title="Run kind">
            {run.kind}
          </Badge>
          <StatusBadge status={run.status} />
          {live && <LiveRefresh path={liveApiPath({ run: run.id })} initial={live} what="this run" />}
        </div>
        {(run.startedAt !== null || run.finishedAt !== null) && (
          <p className="muted small">
            {[
              run.startedAt !== null ? `Started ${formatDateTime(run.startedAt)}` : null,
              run.finishedAt !== null ? `${run.startedAt !== null ? "finished" : "Finished"} ${formatDateTime(run.finishedAt)}` : null,
            ].filter(Boolean).join(", ")}
            .
          </p>
        )}
        {job && (
          <p className="small">
            Produced by the job <Link href={jobPath(job.id)}>{job.name ?? job.id}</Link> <StatusBadge status={job.status} />
          </p>
        )}
      </header>

      <RunEvaluations cells={evaluations} />
      {train.rollouts > 0 && (
        <section aria-labelledby="rates-heading">
          <h2 id="rates-heading">Training rates</h2>
          <TrainingRatesGrid rates={train} label="Training rates of the run" />
          <p className="muted small">
            Computed from the run&apos;s {formatCount(train.rollouts)} train rollouts, a group being one task&apos;s samples in one
            step. A rollout is trainable when it was not truncated, its reward is known and its group still holds both a
            success and a failure; the denominator is every rollout sampled.
          </p>
        </section>
      )}

      {curves && (
        <TrainingCurvesSection
          runIds={[run.id]}
          title="Training curves"
          defaultKeys={curves.defaultKeys}
          initial={curves.initial}
          runOptions={[{ id: run.id, name: run.name, experimentName: run.experimentName }]}
        />
      )}

      {pass1?.hasSeries && <Pass1CurvesSection scopes={pass1Scopes} title="pass@1 of this run's checkpoints" initial={pass1.initial} experimentId={run.experimentId} />}

      {(run.kind === "train" || steps.length > 0) && (
        <section className="section" aria-labelledby="steps-heading">
          <h2 id="steps-heading">Steps</h2>
          {steps.length === 0 ? (
            <EmptyState title="No training steps yet">
              <p>
                Steps appear when <code>rollout</code> events with purpose <code>train</code> name a <code>step</code> (and a{" "}
                <code>group</code> per task).
              </p>
            </EmptyState>
          ) : (
            <RunStepsTable runId={run.id} steps={steps} />
          )}
          {run.trainWithoutStep > 0 && (
            <p className="notice small">
              {formatCount(run.trainWithoutStep)} train {run.trainWithoutStep === 1 ? "rollout names" : "rollouts name"} no step: they
              count in the run&apos;s rates above but belong to no step page.
            </p>
          )}
        </section>
      )}

      <section className="section" aria-labelledby="purpose-heading">
        <h2 id="purpose-heading">Rollouts by purpose</h2>
        <PurposeCountsTable counts={run.rolloutsByPurpose} total={run.rollouts} />
        <p>
          <Link href={runTrajectoriesPath(run.id)}>Browse this run&apos;s trajectories</Link>
        </p>
      </section>
    </main>
  );
}
