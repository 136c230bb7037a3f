// Each proposal of an experiment with the harness versions a job on it runs (candidate and base): how the
// launch form knows which unreviewed versions a chosen proposal brings along.
import "server-only";
import type { Store } from "../client";

export function listProposalVersions(store: Store, experimentId: string): Record<string, string[]> {
  const rows = store.sqlite
    .prepare("SELECT id, candidate_harness_version_id AS candidate, base_harness_version_id AS base FROM proposals WHERE experiment_id = ?")
    .all(experimentId) as { id: string; candidate: string; base: string }[];
  return Object.fromEntries(rows.map((r) => [r.id, [r.candidate, r.base]]));
}
