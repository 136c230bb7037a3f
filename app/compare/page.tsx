// Harness comparison. For now: the versions each experiment holds, so it is clear what can be compared.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listExperiments, listHarnessVersions } from "@/db/queries/experiments";
import { requireUser } from "@/lib/auth/current-user";
import type { HarnessVersionSummary } from "@/db/queries/types";
import { EmptyState } from "@/components/ui/empty-state";
import { HarnessVersionsTable } from "@/components/experiments/harness-versions-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

export default async function ComparePage() {
  await requireUser();
  const store = getStore();
  const experiments = listExperiments(store);
  const byExperiment = new Map<string, HarnessVersionSummary[]>();
  for (const v of listHarnessVersions(store)) {
    const list = byExperiment.get(v.experimentId);
    if (list) list.push(v);
    else byExperiment.set(v.experimentId, [v]);
  }
  const withVersions = experiments.filter((e) => byExperiment.has(e.id));

  return (
    <main>
      <header className="page-header">
        <h1>Compare harness versions</h1>
        <p className="muted">
          Comparing H0, H1 and H2 means the same checkpoint evaluated under each harness on the same tasks: pass@1 with
          95 % confidence intervals over tasks, paired per-task differences and flips, the curves of trainable rate and
          pass rate over training, and the rollouts each version cost. The tables below list the harness versions each
          experiment holds today, with their lineage and hooks per lifecycle position.
        </p>
      </header>
      {withVersions.length === 0 ? (
        <EmptyState title="No harness versions yet">
          <p>
            Harness versions arrive as <code>harness_version</code> events with their files; see the{" "}
            <Link href="/api-docs">API documentation</Link>.
          </p>
        </EmptyState>
      ) : (
        withVersions.map((e) => (
          <section key={e.id} className="section" aria-labelledby={`compare-${e.id}`}>
            <h2 id={`compare-${e.id}`}>
              <Link href={`/experiments/${encodeURIComponent(e.id)}`}>{e.name}</Link>{" "}
              <span className="muted small">{e.method}</span>
            </h2>
            <HarnessVersionsTable versions={byExperiment.get(e.id) ?? []} />
          </section>
        ))
      )}
    </main>
  );
}
