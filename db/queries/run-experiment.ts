// The experiment a run belongs to, or null when the run does not exist (rllm UI sessions are runs).
import type { Store } from "../client";

export function experimentOfRun(store: Store, runId: string): string | null {
  const row = store.sqlite.prepare("SELECT experiment_id FROM runs WHERE id = ?").get(runId) as { experiment_id: string } | undefined;
  return row?.experiment_id ?? null;
}
