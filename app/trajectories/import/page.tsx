// The upload form for trajectories, logs and evaluation reports: reviewers and admins bring in files that
// were not produced through the API (mini-swe-agent, SWE-agent, OpenHands, Inspect, SWE-bench reports).
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listExperiments } from "@/db/queries/experiments";
import { requireUser } from "@/lib/services/auth/current-user";
import { DEFAULT_BENCHMARK, DEFAULT_RUN_NAME, MAX_UPLOAD_BYTES } from "@/lib/services/importers/limits";
import { ImportForm } from "@/components/import/import-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Import trajectories" };

export default async function ImportTrajectoriesPage() {
  await requireUser("reviewer");
  const experiments = listExperiments(getStore()).map(({ id, name }) => ({ id, name }));
  return (
    <main>
      <header className="page-header">
        <h1>Import trajectories</h1>
        <p className="muted">
          Upload trajectory files, agent logs and SWE-bench evaluation reports — single files or whole folders. Each
          file is read by the first reader that recognises its format; the report below says what every file gave, or
          why it gave nothing. Uploading the same files again changes nothing. For large sets use{" "}
          <code>npx harness-lab import PATH… --experiment NAME</code>. Imported rollouts appear under{" "}
          <Link href="/trajectories">Trajectories</Link>.
        </p>
      </header>
      <ImportForm experiments={experiments} maxBytes={MAX_UPLOAD_BYTES} defaultRun={DEFAULT_RUN_NAME} defaultBenchmark={DEFAULT_BENCHMARK} />
    </main>
  );
}
