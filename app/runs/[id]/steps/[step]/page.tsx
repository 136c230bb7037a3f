// One training step: its rates, computed from its GRPO groups, and every group with whether it fed the update.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getRunStep } from "@/db/queries/run-steps";
import { requireUser } from "@/lib/services/auth/current-user";
import { formatCount } from "@/lib/format";
import { idFromSegment, stepFromSegment } from "@/lib/http/dynamic-segment";
import { experimentPath, runPath, stepPath } from "@/lib/http/page-links";
import { TrainingRatesGrid } from "@/components/runs/training-rates-grid";
import { StepGroupsTable } from "@/components/runs/step-groups-table";
import { ReasonSummary } from "@/components/runs/reason-summary";
import { epochText } from "@/components/runs/run-steps-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Training step" };

interface Props {
  params: Promise<{ id: string; step: string }>;
}

export default async function RunStepPage({ params }: Props) {
  await requireUser();
  const raw = await params;
  const runId = idFromSegment(raw.id);
  const step = stepFromSegment(raw.step);
  const detail = runId === null || step === null ? null : getRunStep(getStore(), runId, step);
  if (!detail) notFound();
  const { rates } = detail;

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(detail.experimentId)}>{detail.experimentName}</Link> /{" "}
          <Link href={runPath(detail.runId)}>{detail.runName ?? detail.runId}</Link> / <span>step {detail.step}</span>
        </nav>
        <div className="title-row">
          <h1>Step {detail.step}</h1>
          <span className="muted">epoch {epochText(detail.epochs)}</span>
        </div>
        <nav aria-label="Steps" className="small">
          {detail.previousStep !== null && <Link href={stepPath(detail.runId, detail.previousStep)}>← step {detail.previousStep}</Link>}
          {detail.previousStep !== null && detail.nextStep !== null && " · "}
          {detail.nextStep !== null && <Link href={stepPath(detail.runId, detail.nextStep)}>step {detail.nextStep} →</Link>}
        </nav>
      </header>

      <section aria-labelledby="rates-heading">
        <h2 id="rates-heading">Rates of this step</h2>
        <TrainingRatesGrid rates={rates} label="Training rates of the step" />
        <p className="muted small">
          From the step&apos;s {formatCount(rates.rollouts)} train rollouts in {formatCount(rates.groups)}{" "}
          {rates.groups === 1 ? "group" : "groups"}: the trainable rollouts are the kept rollouts of the usable groups below,
          over every rollout sampled, dropped ones included.
        </p>
      </section>

      <section className="section" aria-labelledby="groups-heading">
        <h2 id="groups-heading">GRPO groups</h2>
        <ReasonSummary groups={detail.groups} />
        <StepGroupsTable runId={detail.runId} step={detail.step} groups={detail.groups} />
      </section>
    </main>
  );
}
