// A sidecar imported on its own, after its trajectories (issue 39): mini-swe-agent's / SWE-agent's preds.json,
// all_preds.jsonl and exit_statuses_*.yaml state an instance's exit status, submission and model. Imported with
// the trajectory they travel on its rollout event (rollout-fill.ts); imported alone they fill the run's stored
// rollouts of each instance the same way a late SWE-bench report's verdicts join them: only facts still unknown
// are filled, a known one that differs is refused naming both values, and nothing changes then. Like a verdict
// without an attempt, they skip attempts a retry loop did not choose (metadata.chosen false): preds.json holds
// the chosen attempt's patch. The row keeps the content hash of the rollout as it was sent, so re-sending that
// rollout, alone or with these sidecars, is still "unchanged" (rollout-fill.ts accepts a subset of the facts).
import "server-only";
import type { Store } from "../client";
import { sortKeysDeep } from "../../lib/events/canonical-json";
import { writeTransaction } from "../write-transaction";
import { FILLABLE, factsOfRow, show, type Facts, type StoredFacts } from "./rollout-fill";

/** What a sidecar says of one instance (its task key in the run's benchmark). */
export interface LateFact {
  instanceId: string;
  exitStatus?: string;
  submission?: string;
  model?: string;
}

export type LateFillOutcome =
  | { ok: true; filled: number; unchanged: number; missing: string[] }
  | { ok: false; field: string; reason: string };

interface Row extends StoredFacts {
  id: string;
  task_id: string;
}

const ROLLOUTS_OF_INSTANCE = `SELECT r.id, r.task_id, r.content_hash, r.exit_status, r.submission, r.metadata
  FROM rollouts r JOIN tasks t ON t.id = r.task_id
  WHERE r.run_id = ? AND t.key = ? AND coalesce(json_extract(r.metadata, '$.chosen'), 1) IS NOT 0 ORDER BY r.rowid`;

class Refused extends Error {
  constructor(readonly field: string, readonly reason: string) {
    super(reason);
  }
}

const sentOf = (fact: LateFact): Facts => ({
  ...(fact.exitStatus !== undefined ? { exit_status: fact.exitStatus } : {}),
  ...(fact.submission !== undefined ? { submission: fact.submission } : {}),
  ...(fact.model !== undefined ? { model: fact.model } : {}),
});

/**
 * Fills the run's stored rollouts of each instance with the facts they lack, all-or-nothing (a savepoint inside
 * an enclosing transaction). `missing`: instances with no stored rollout in the run yet (nothing to fill).
 */
export function fillFactsOfStoredRollouts(store: Store, runId: string, facts: readonly LateFact[]): LateFillOutcome {
  try {
    return writeTransaction(store, () => {
      const select = store.sqlite.prepare(ROLLOUTS_OF_INSTANCE);
      const update = store.sqlite.prepare("UPDATE rollouts SET exit_status = ?, submission = ?, metadata = ? WHERE id = ?");
      let filled = 0;
      let unchanged = 0;
      const missing: string[] = [];
      for (const fact of facts) {
        const rows = select.all(runId, fact.instanceId) as Row[];
        if (rows.length === 0) missing.push(fact.instanceId);
        const sent = sentOf(fact);
        for (const row of rows) {
          const stored = factsOfRow(row);
          const merged: Facts = { ...stored.facts };
          for (const field of FILLABLE) {
            if (sent[field] === undefined) continue;
            if (stored.facts[field] === undefined) (merged as Record<string, unknown>)[field] = sent[field];
            else if (JSON.stringify(stored.facts[field]) !== JSON.stringify(sent[field])) {
              const path = field === "model" ? "metadata.model" : field;
              throw new Refused(path, `rollout ${row.id} (task ${row.task_id}) already has ${path} ${show(stored.facts[field])}; this sidecar says ` +
                `${show(sent[field])}. A known value is immutable (only unknown ones are filled): import it into a new run (--run NAME)`);
            }
          }
          if (!FILLABLE.some((f) => merged[f] !== undefined && stored.facts[f] === undefined)) {
            unchanged += 1;
            continue;
          }
          const metadata = merged.model !== undefined && stored.facts.model === undefined
            ? sortKeysDeep({ ...stored.metadata, model: merged.model }) : stored.metadata;
          update.run(merged.exit_status ?? null, merged.submission ?? null, metadata === undefined ? null : JSON.stringify(metadata), row.id);
          filled += 1;
        }
      }
      return { ok: true as const, filled, unchanged, missing };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, field: error.field, reason: error.reason };
    throw error;
  }
}
