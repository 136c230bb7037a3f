// The cost of several experiments side by side (issue 6, part 4): /compare/cost?experiments=a,b — the
// paper's 18,056 rollouts for HarnessAdapt-RL against 16,928 for GRPO — each against the first listed, with
// the note that rollout counts are not GPU hours. The picker keeps the choice in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentCost, listExperimentChoices } from "@/db/queries/experiment-cost";
import { requireUser } from "@/lib/services/auth/current-user";
import { formatCount } from "@/lib/format";
import { compareCosts, compareTable, type ExperimentCost } from "@/lib/cost/cost-compare";
import { formatRelative, formatSigned } from "@/lib/cost/cost-format";
import { crossCostHref, parseExperimentList } from "@/lib/cost/cost-query";
import { summariseByPurpose } from "@/lib/cost/cost-summary";
import { EmptyState } from "@/components/ui/empty-state";
import { TableExport } from "@/components/ui/table-export";
import { CostCompareTable } from "@/components/cost/cost-compare-table";
import { ExperimentPicker } from "@/components/cost/experiment-picker";
import { GpuHoursNote } from "@/components/cost/gpu-hours-note";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Cost side by side" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function CrossCostPage({ searchParams }: Props) {
  await requireUser();
  const raw = (await searchParams).experiments;
  const store = getStore();
  const choices = listExperimentChoices(store);
  const { ids, problems } = parseExperimentList(raw, new Set(choices.map((c) => c.id)));
  // The add form repeats ?experiments=; the address people share is the comma-separated one.
  if (Array.isArray(raw) && problems.length === 0) redirect(crossCostHref(ids));

  const experiments: ExperimentCost[] = ids.flatMap((id) => {
    const data = getExperimentCost(store, id);
    return data ? [{ ...data.experiment, purposes: summariseByPurpose(data.aggregates), calls: data.calls }] : [];
  });
  const rows = compareCosts(experiments);
  const [first, ...rest] = experiments;
  const trainingSide = rows.find((r) => r.key === "training-side");

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/compare">Compare</Link> / cost
        </nav>
        <h1>Cost side by side</h1>
        <p className="muted">Rollouts by purpose, tokens, cost and model calls of several experiments, each against the first (the baseline).</p>
      </header>

      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.join("; ")}.
        </p>
      )}
      <ExperimentPicker chosen={ids} choices={choices} />

      {experiments.length < 2 ? (
        <EmptyState title="Choose at least two experiments">
          <p>
            Add experiments above, or give them in the address: <code>/compare/cost?experiments=A,B</code>. The first one listed is the baseline.
          </p>
        </EmptyState>
      ) : (
        <section className="section" aria-labelledby="cost-compare-heading">
          <h2 id="cost-compare-heading">Side by side</h2>
          {trainingSide && (
            <ul aria-label="Training-side rollouts against the baseline">
              {rest.map((e, i) => {
                const d = trainingSide.deltas[i] as number;
                const rel = trainingSide.relative[i];
                return (
                  <li key={e.id}>
                    {e.name}: {formatCount(trainingSide.values[i + 1].value)} training-side rollouts against {formatCount(trainingSide.values[0].value)} for {first.name} —{" "}
                    {d === 0 ? "the same" : `${formatSigned(d)}${rel === null ? "" : ` (${formatRelative(rel)})`}`}
                  </li>
                );
              })}
            </ul>
          )}
          <GpuHoursNote />
          <TableExport table={compareTable(experiments, rows)} name="cost side by side" />
          <CostCompareTable experiments={experiments} rows={rows} />
        </section>
      )}
    </main>
  );
}
