// Launching a job for one experiment: the templates offered for it, and the form of the chosen one
// (?template=…), prefilled from the address (?<placeholder>=…) — the experiment page, the evaluation matrix, a
// decided proposal and "launch again" all link here. Viewers see the templates but no form.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentForJob } from "@/db/queries/jobs";
import { listLaunchChoices } from "@/db/queries/launch-choices";
import { listHarnessReviews } from "@/db/queries/harness-review-diff";
import { listProposalVersions } from "@/db/queries/proposal-versions";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { experimentPath, jobsPath, launchPath } from "@/lib/http/page-links";
import { listJobTemplates } from "@/lib/services/jobs/templates";
import { prefillFromQuery } from "@/lib/services/jobs/form-params";
import { whyTemplateDoesNotApply } from "@/lib/services/jobs/pure/template-applies";
import { ExperimentTabs } from "@/components/experiments/experiment-tabs";
import { LaunchForm, type FormPlaceholder } from "@/components/jobs/launch-form";
import { LaunchLinks } from "@/components/jobs/launch-links";
import { SandboxWarning } from "@/components/jobs/sandbox-warning";
import { launchJobAction } from "@/app/jobs/actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Launch a job" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Only templates that run a harness version (directly or as a proposal's sides) can meet unreviewed code. */
const runsHarness = (placeholders: Record<string, { type: string }>) =>
  Object.values(placeholders).some((p) => p.type === "harness_version" || p.type === "proposal");

export default async function LaunchPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const experimentId = idFromSegment((await params).id);
  const store = getStore();
  const experiment = experimentId === null ? null : getExperimentForJob(store, experimentId);
  if (!experiment) notFound();
  const query = await searchParams;
  // Templates that cannot run on this experiment (the reference phases on an experiment the demo did not make) are not offered.
  const all = listJobTemplates(store, { experimentId: experiment.id });
  const templates = all.filter((t) => whyTemplateDoesNotApply(t.spec.command, experiment) === null);
  const hiddenReference = all.length - templates.length;
  const wanted = typeof query.template === "string" ? query.template : undefined;
  const template = wanted ? templates.find((t) => t.id === wanted) : undefined;
  const canLaunch = roleAtLeast(user.role, "reviewer");

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(experiment.id)}>{experiment.name}</Link> / launch
        </nav>
        <h1>{template ? `Launch: ${template.spec.name}` : "Launch a job"}</h1>
        <ExperimentTabs experimentId={experiment.id} method={experiment.method} current="launch" />
        <p className="muted">
          Jobs of <strong>{experiment.name}</strong> run as local processes, on Slurm or on a Ray cluster, as their template says; see them under{" "}
          <Link href={jobsPath({ experiment: experiment.id })}>Jobs</Link>.
        </p>
      </header>
      <SandboxWarning />
      {hiddenReference > 0 && (
        <p className="muted small">
          The reference experiment&rsquo;s job templates are not offered here: they run only on experiments the reference experiment made.
        </p>
      )}
      {wanted && !template && (
        <p className="notice small" role="note">
          template: &ldquo;{wanted}&rdquo; is not offered for this experiment; choose one below.
        </p>
      )}
      {template ? (
        <section className="section card" aria-labelledby="launch-form">
          <h2 id="launch-form">Parameters</h2>
          <p className="muted small">
            Template <span className="mono">{template.id}</span> ({template.spec.kind}); command{" "}
            <code className="wrap-anywhere">{template.spec.command.join(" ")}</code>. <Link href={launchPath(experiment.id)}>Another template</Link>
          </p>
          {canLaunch ? (
            <LaunchForm
              experimentId={experiment.id}
              templateId={template.id}
              placeholders={template.spec.placeholders as Record<string, FormPlaceholder>}
              choices={listLaunchChoices(store, experiment.id)}
              prefill={prefillFromQuery(query, Object.keys(template.spec.placeholders))}
              reviews={runsHarness(template.spec.placeholders) ? listHarnessReviews(store, experiment.id) : []}
              proposalVersions={listProposalVersions(store, experiment.id)}
              action={launchJobAction}
            />
          ) : (
            <p className="notice small" role="note">
              Launching jobs needs the role reviewer; you are signed in as a viewer.
            </p>
          )}
        </section>
      ) : (
        <section className="section" aria-labelledby="launch-templates">
          <h2 id="launch-templates">Templates</h2>
          <LaunchLinks experimentId={experiment.id} templates={templates} />
        </section>
      )}
    </main>
  );
}
