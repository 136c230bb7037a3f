// What one experiment cost (issue 6, part 4): rollouts by purpose (policy training, preparation, comparison,
// evaluation, re-runs) with tokens and USD where producers reported them, turns and rollout time; the calls
// to the teachers and the engineer; the same per run. Every table can be copied as CSV or Markdown.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentCost } from "@/db/queries/experiment-cost";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { crossCostPath } from "@/lib/http/page-links";
import { formatCount } from "@/lib/format";
import { summariseByPurpose, summariseByRun } from "@/lib/cost/cost-summary";
import { callsTable } from "@/lib/cost/model-calls";
import { purposeTable, runTable } from "@/lib/cost/purpose-table";
import { TableExport } from "@/components/ui/table-export";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { CallsTable } from "@/components/cost/calls-table";
import { GpuHoursNote } from "@/components/cost/gpu-hours-note";
import { PurposeCostTable } from "@/components/cost/purpose-cost-table";
import { COLUMNS_OF, unreportedQuantities, unreportedSentence } from "@/lib/cost/unreported";
import { RunCostTable } from "@/components/cost/run-cost-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Cost" };

interface Props {
  params: Promise<{ id: string }>;
}

export default async function ExperimentCostPage({ params }: Props) {
  await requireUser();
  const id = idFromSegment((await params).id);
  const data = id === null ? null : getExperimentCost(getStore(), id);
  if (!data) notFound();
  const { experiment } = data;
  const purposes = summariseByPurpose(data.aggregates);
  const runs = summariseByRun(data.aggregates, data.runs);
  // Quantities no rollout reports are said once, not shown as columns of "not reported".
  const missing = unreportedQuantities(purposes.all);
  const hide = missing.flatMap((q) => COLUMNS_OF[q]);
  const missingSentence = unreportedSentence(missing);

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title="Cost" crumb="cost" section="cost" />

      <p>
        {formatCount(purposes.all.rollouts)} rollouts in all, {formatCount(purposes.trainingSide.rollouts)} of them on the training side (every
        purpose but evaluation). <Link href={crossCostPath([experiment.id])}>Set it side by side with another experiment</Link>.
      </p>
      <GpuHoursNote />
      {missingSentence && <p className="muted">{missingSentence}</p>}

      <section className="section" aria-labelledby="purpose-heading">
        <h2 id="purpose-heading">Rollouts by purpose</h2>
        <TableExport table={purposeTable(purposes)} name="rollouts by purpose" />
        <PurposeCostTable summary={purposes} hide={hide} />
      </section>

      <section className="section" aria-labelledby="calls-heading">
        <h2 id="calls-heading">Teacher and engineer calls</h2>
        <TableExport table={callsTable(data.calls)} name="model calls" />
        <CallsTable calls={data.calls} />
      </section>

      <section className="section" aria-labelledby="runs-heading">
        <h2 id="runs-heading">Per run</h2>
        {runs.length === 0 ? (
          <p className="muted">No runs yet.</p>
        ) : (
          <>
            <RunCostTable runs={runs} table={runTable(runs)} hide={hide} />
          </>
        )}
      </section>
    </main>
  );
}
