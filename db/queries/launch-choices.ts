// What a launch form offers for the typed placeholders of a template: the experiment's checkpoints, harness
// versions and proposals (ids exist in the experiment; launchJob checks again), newest last.
import "server-only";
import type { Store } from "../client";

export interface Choice {
  id: string;
  label: string;
}

export interface LaunchChoices {
  checkpoint: Choice[];
  harness_version: Choice[];
  proposal: Choice[];
}

export function listLaunchChoices(store: Store, experimentId: string): LaunchChoices {
  const all = (sql: string) => store.sqlite.prepare(sql).all(experimentId) as { id: string; label: string }[];
  return {
    checkpoint: all(
      `SELECT id, coalesce(name, id) || ' (' || role || coalesce(', epoch ' || epoch, '') || coalesce(', step ' || step, '') || ')' AS label
       FROM checkpoints WHERE experiment_id = ? ORDER BY coalesce(epoch, -1), coalesce(step, -1), id`,
    ),
    harness_version: all(`SELECT id, label || CASE WHEN label = id THEN '' ELSE ' (' || id || ')' END AS label FROM harness_versions WHERE experiment_id = ? ORDER BY rowid`),
    proposal: all(`SELECT id, title || ' [' || status || ']' AS label FROM proposals WHERE experiment_id = ? ORDER BY rowid`),
  };
}
