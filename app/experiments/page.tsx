// The experiments list: server-rendered from the store, then kept fresh by the client table.
import type { Metadata } from "next";
import { getStore } from "@/db/client";
import { listExperiments } from "@/db/queries/experiments";
import { requireUser } from "@/lib/services/auth/current-user";
import { ExperimentsTable } from "@/components/experiments/experiments-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Experiments" };

export default async function ExperimentsPage() {
  await requireUser();
  const experiments = listExperiments(getStore());
  return (
    <main>
      <header className="page-header">
        <h1>Experiments</h1>
        <p className="muted">Every experiment in the store, with its runs, rollouts and whether anything is running now.</p>
      </header>
      <ExperimentsTable initialData={experiments} />
    </main>
  );
}
