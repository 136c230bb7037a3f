// One experiment at a glance: what it is, its headline training rates, runs, harness versions and
// how its rollouts and other records are spread.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentOverview } from "@/db/queries/experiments";
import { listCurveRuns } from "@/db/queries/curves";
import { prepareCurvesView, type PageSearchParams } from "@/db/queries/curves-view";
import { preparePass1View } from "@/db/queries/pass-at-1-view";
import { experimentComparePath, harnessHistoryPath } from "@/lib/http/page-links";
import { Pass1CurvesSection, TrainingCurvesSection } from "@/components/charts/curve-sections";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { patchesPath } from "@/lib/patches/links";
import { skillsPath } from "@/lib/skills/links";
import { ROLLOUT_PURPOSES, PROPOSAL_STATUSES } from "@/lib/domain/vocabulary";
import { formatCount } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { EmptyState } from "@/components/ui/empty-state";
import { TrainingRateStats } from "@/components/experiments/training-rate-stats";
import { RunsTable } from "@/components/experiments/runs-table";
import { PurposeCountsTable } from "@/components/experiments/purpose-counts-table";
import { HarnessVersionsTable } from "@/components/experiments/harness-versions-table";
import { getIncumbent } from "@/db/queries/harness-incumbent";
import { getHarnessNames } from "@/db/queries/harness-naming-rows";
import { versionWithLineage } from "@/lib/domain/harness-lineage";
import { ExperimentTabs } from "@/components/experiments/experiment-tabs";
import { LaunchSection } from "@/components/jobs/launch-section";
import { listJobTemplates } from "@/lib/services/jobs/templates";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { getLiveState } from "@/db/queries/live-state";
import { liveApiPath } from "@/lib/live/live-query";
import { LiveRefresh } from "@/components/live/live-refresh";

export const dynamic = "force-dynamic";
// A fixed title: the experiment's name would have to be read before the access check.
export const metadata: Metadata = { title: "Experiment" };

const PURPOSE_NOTES: Record<(typeof ROLLOUT_PURPOSES)[number], string> = {
  train: "sampled for policy updates",
  preparation: "spent preparing skills and proposals",
  comparison: "candidate vs current harness; not reused for training",
  eval: "evaluation of a fixed checkpoint",
  rerun: "frozen target re-run under an engineer patch",
};

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<PageSearchParams>;
}

export default async function ExperimentPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const id = idFromSegment((await params).id);
  if (id === null) notFound();
  const store = getStore();
  const overview = getExperimentOverview(store, id);
  if (!overview) notFound();
  const { experiment } = overview;
  // The experiment's training and engineer runs (and any run with reported metrics), overlaid.
  const curveRuns = listCurveRuns(store, experiment.id);
  const curveRunIds = curveRuns.map((r) => r.id);
  const query = await searchParams;
  const curves = curveRuns.length > 0 ? prepareCurvesView(store, { runIds: curveRunIds, searchParams: query, knownRuns: curveRunIds }) : null;
  // pass@1 over the experiment's evaluated checkpoints, beside the training rates (the two curves of the card).
  const pass1Scopes = [{ kind: "experiment" as const, id: experiment.id }];
  const pass1 = preparePass1View(store, pass1Scopes, query);
  const q = `?experiment=${encodeURIComponent(experiment.id)}`;
  // The incumbent by its own label with its lineage, as the harness history says them (lib/domain/harness-lineage.ts).
  const incumbent = overview.harnessVersions.length > 0 ? getIncumbent(store, experiment.id) : null;
  const parentOf = new Map(overview.harnessVersions.map((v) => [v.id, v.parentId]));
  const incumbentView = incumbent ? versionWithLineage(incumbent.harnessVersionId, (v) => parentOf.get(v), getHarnessNames(store, experiment.id)) : null;
  // While a run or job of the experiment goes on, the overview follows it (curves, counts, runs) without a reload.
  const live = getLiveState(store, { kind: "experiment", id: experiment.id });
  const launchTemplates = roleAtLeast(user.role, "reviewer") ? listJobTemplates(store, { experimentId: experiment.id }) : null;

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <span className="mono">{experiment.id}</span>
        </nav>
        <div className="title-row">
          <h1>{experiment.name}</h1>
          <Badge tone="accent" title="Method">
            {experiment.method}
          </Badge>
          <StatusBadge status={overview.status} />
          {live && <LiveRefresh path={liveApiPath({ experiment: experiment.id })} initial={live} what="this experiment" />}
        </div>
        {experiment.description && <p className="prose-text muted">{experiment.description}</p>}
        <ExperimentTabs experimentId={experiment.id} method={experiment.method} current="overview" />
      </header>

      {launchTemplates && (
        <LaunchSection experimentId={experiment.id} templates={launchTemplates} title="Launch" headingId="launch-heading" intro="Train an epoch, compare a candidate or evaluate a checkpoint; the form comes from the template." />
      )}

      <TrainingRateStats overview={overview} />

      {curves && <TrainingCurvesSection runIds={curveRunIds} title="Training curves" defaultKeys={curves.defaultKeys} initial={curves.initial} runOptions={curveRuns} />}

      {pass1?.hasSeries && <Pass1CurvesSection scopes={pass1Scopes} title="pass@1 over checkpoints" initial={pass1.initial} experimentId={experiment.id} />}

      <section className="section" aria-labelledby="runs-heading">
        <h2 id="runs-heading">Runs</h2>
        {overview.runs.length === 0 ? (
          <EmptyState title="No runs yet">
            <p>Runs appear when a trainer, evaluator or importer sends a <code>run</code> event for this experiment.</p>
          </EmptyState>
        ) : (
          <RunsTable runs={overview.runs} />
        )}
      </section>

      <section className="section" id="harness-versions" aria-labelledby="harness-heading">
        <h2 id="harness-heading">Harness versions</h2>
        {overview.harnessVersions.length === 0 ? (
          <EmptyState title="No harness versions yet">
            <p>H0, H1, H2, … appear when a producer sends <code>harness_version</code> events with their files.</p>
          </EmptyState>
        ) : (
          <HarnessVersionsTable
            versions={overview.harnessVersions}
            caption="Hook columns count the hook files at each lifecycle position."
          />
        )}
        {incumbentView && (
          <p className="small">
            The incumbent is <strong>{incumbentView.name}</strong>. Lineage:{" "}
            <span role="note" aria-label="Lineage of the incumbent">{incumbentView.lineage}</span>
            {/* One step: every version on the incumbent's line holds the root's files — say it plainly. */}
            {incumbentView.steps.length === 1 && incumbentView.steps[0]!.ids.length > 1 && (
              <strong> No harness changed in this experiment: the incumbent holds the initial version&apos;s files.</strong>
            )}
          </p>
        )}
        {overview.harnessVersions.length > 0 && (
          <p className="small">
            <Link href={harnessHistoryPath(experiment.id)}>Harness history</Link>: the versions as a tree with their origins, and
            the diff of any two.
          </p>
        )}
      </section>

      <div className="grid-2 section">
        <section aria-labelledby="purpose-heading">
          <h2 id="purpose-heading">Rollouts by purpose</h2>
          <PurposeCountsTable
            counts={overview.rolloutsByPurpose}
            total={overview.rollouts}
            notes={PURPOSE_NOTES}
            totalNote={<Link href={`/trajectories${q}`}>Latest trajectories</Link>}
          />
        </section>

        <section aria-labelledby="records-heading">
          <h2 id="records-heading">Other records</h2>
          <div className="card">
            <dl className="key-values">
              <dt>Tasks touched</dt>
              <dd>{formatCount(overview.tasksTouched)}</dd>
              <dt>Checkpoints</dt>
              <dd>{formatCount(overview.checkpoints)}</dd>
              <dt>Proposals</dt>
              <dd>
                {overview.proposals === 0 ? (
                  "0"
                ) : (
                  <Link href={`/proposals${q}`}>{formatCount(overview.proposals)}</Link>
                )}
                {overview.proposals > 0 && (
                  <span className="muted">
                    {" "}
                    ({PROPOSAL_STATUSES.filter((s) => overview.proposalsByStatus[s] > 0)
                      .map((s) => `${formatCount(overview.proposalsByStatus[s])} ${s}`)
                      .join(", ")}
                    )
                  </span>
                )}
              </dd>
              <dt>Skills</dt>
              <dd>{overview.skills > 0 ? <Link href={skillsPath(id)}>{formatCount(overview.skills)}</Link> : "0"}</dd>
              <dt>Evaluation runs</dt>
              <dd>{overview.evalRuns > 0 ? <Link href={experimentComparePath(experiment.id)}>{formatCount(overview.evalRuns)}</Link> : "0"}</dd>
              <dt>Failure packets</dt>
              <dd>
                {overview.failurePackets > 0 ? <Link href={patchesPath(id)}>{formatCount(overview.failurePackets)}</Link> : "0"}
              </dd>
            </dl>
          </div>
        </section>
      </div>
    </main>
  );
}
