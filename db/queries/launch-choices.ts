// What a launch form offers for the typed placeholders of a template: the experiment's checkpoints, harness
// versions and proposals (ids exist in the experiment; launchJob checks again), newest last, and what the form
// preselects when the address and the template say nothing: the incumbent harness version and the latest
// policy checkpoint (issue 18, item 7), each marked in its label.
import "server-only";
import type { Store } from "../client";
import { getIncumbent } from "./harness-incumbent";

export interface Choice {
  id: string;
  label: string;
}

export interface LaunchChoices {
  checkpoint: Choice[];
  harness_version: Choice[];
  proposal: Choice[];
  /** Preselected when nothing else picks a value; null when the experiment has none. */
  suggested: { checkpoint: string | null; harness_version: string | null };
  /** Each checkpoint's epoch (null when it has none): an epoch field defaults to the one after the chosen checkpoint's. */
  checkpointEpochs: Record<string, number | null>;
}

interface CheckpointRow extends Choice {
  role: string;
  epoch: number | null;
}

export function listLaunchChoices(store: Store, experimentId: string): LaunchChoices {
  const all = (sql: string) => store.sqlite.prepare(sql).all(experimentId) as { id: string; label: string }[];
  const checkpoints = store.sqlite.prepare(
    `SELECT id, role, epoch, coalesce(name, id) || ' (' || role || coalesce(', epoch ' || epoch, '') || coalesce(', step ' || step, '') || ')' AS label
     FROM checkpoints WHERE experiment_id = ? ORDER BY coalesce(epoch, -1), coalesce(step, -1), id`,
  ).all(experimentId) as CheckpointRow[];
  // The latest checkpoint of the policy being trained; another role's only when there is no policy checkpoint.
  const latest = checkpoints.filter((c) => c.role === "policy").at(-1) ?? checkpoints.at(-1) ?? null;
  const incumbent = getIncumbent(store, experimentId);
  const versions = all(`SELECT id, label || CASE WHEN label = id THEN '' ELSE ' (' || id || ')' END AS label FROM harness_versions WHERE experiment_id = ? ORDER BY rowid`);
  return {
    checkpoint: checkpoints.map(({ id, label }) => ({ id, label: id === latest?.id ? `${label} — latest` : label })),
    harness_version: versions.map(({ id, label }) => ({ id, label: id === incumbent?.harnessVersionId ? `${label} — incumbent ${incumbent.label}` : label })),
    proposal: all(`SELECT id, title || ' [' || status || ']' AS label FROM proposals WHERE experiment_id = ? ORDER BY rowid`),
    suggested: { checkpoint: latest?.id ?? null, harness_version: incumbent?.harnessVersionId ?? null },
    checkpointEpochs: Object.fromEntries(checkpoints.map((c) => [c.id, c.epoch])),
  };
}
