// Which job produced a run (runs.job_id), for the run page's header.
import "server-only";
import type { Store } from "../client";

export interface RunJob {
  id: string;
  name: string | null;
  status: string;
}

export function getRunJob(store: Store, runId: string): RunJob | null {
  return (
    (store.sqlite
      .prepare("SELECT j.id, t.name AS name, j.status FROM runs r JOIN jobs j ON j.id = r.job_id LEFT JOIN job_templates t ON t.id = j.template_id WHERE r.id = ?")
      .get(runId) as RunJob | undefined) ?? null
  );
}
