// Facts that fill a stored rollout late (issue 17): an importer learns a rollout's exit status, submission and
// model from a sidecar (mini-swe-agent/SWE-agent preds.json, exit_statuses_*.yaml) only when that file is in the
// same import as the trajectory. So the same trajectory arrives once without them and once with them. A rollout
// event that repeats a stored rollout and differs ONLY in those three fields fills the ones the stored rollout
// does not know yet; one that gives another value for a known one is refused (409) naming both values; one that
// leaves known ones out changes nothing. Any other difference is still the immutable-record conflict.
// The stored content hash becomes the hash of the filled rollout, so re-sending either version is "unchanged".
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import { eventHash, sortKeysDeep } from "../../lib/events/canonical-json";
import { RolloutEvent } from "../../lib/events/rollout-event";
import type { ApplyContext, ApplyStatus } from "./context";

type Rollout = EventOf<"rollout">;

export interface StoredFacts {
  content_hash: string;
  exit_status: string | null;
  submission: string | null;
  metadata: string | null;
}

/** The facts a sidecar can give: exit status, submission and metadata.model. */
export interface Facts {
  exit_status?: string;
  submission?: string;
  model?: unknown;
}

export const FILLABLE = ["exit_status", "submission", "model"] as const;

function factsOfEvent(e: Rollout): Facts {
  return {
    ...(e.exit_status !== undefined ? { exit_status: e.exit_status } : {}),
    ...(e.submission !== undefined ? { submission: e.submission } : {}),
    ...(e.metadata !== undefined && "model" in e.metadata ? { model: e.metadata.model } : {}),
  };
}

export function factsOfRow(row: StoredFacts): { facts: Facts; metadata: Record<string, unknown> | undefined } {
  const metadata = row.metadata === null ? undefined : (JSON.parse(row.metadata) as Record<string, unknown>);
  return {
    metadata,
    facts: {
      ...(row.exit_status !== null ? { exit_status: row.exit_status } : {}),
      ...(row.submission !== null ? { submission: row.submission } : {}),
      ...(metadata !== undefined && "model" in metadata ? { model: metadata.model } : {}),
    },
  };
}

/** The event with exactly these facts (the others left out), in the schema's key order like the contract's output. */
function withFacts(e: Rollout, facts: Facts): Rollout {
  const { model: _model, ...otherMetadata } = e.metadata ?? {};
  const metadata = facts.model !== undefined ? sortKeysDeep({ ...otherMetadata, model: facts.model }) as Record<string, unknown>
    : e.metadata === undefined || Object.keys(otherMetadata).length === 0 ? undefined : otherMetadata;
  const ordered: Record<string, unknown> = {};
  for (const key of ROLLOUT_KEY_ORDER) {
    if (key === "exit_status") ordered[key] = facts.exit_status;
    else if (key === "submission") ordered[key] = facts.submission;
    else if (key === "metadata") ordered[key] = metadata;
    else ordered[key] = (e as Record<string, unknown>)[key];
  }
  return ordered as Rollout;
}

/** Every subset of the known facts, all of them first (the usual case: the row was last written with them all). */
function subsetsOf(facts: Facts): Facts[] {
  const known = FILLABLE.filter((f) => facts[f] !== undefined);
  const subsets: Facts[] = [];
  for (let mask = (1 << known.length) - 1; mask >= 0; mask--) {
    subsets.push(Object.fromEntries(known.filter((_, i) => mask & (1 << i)).map((f) => [f, facts[f]])) as Facts);
  }
  return subsets;
}

/** The order eventHash walks a validated rollout in: its schema's. */
const ROLLOUT_KEY_ORDER = Object.keys(RolloutEvent.shape);

export const show = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}…` : text);
};

/**
 * For a rollout event whose id is stored with other content: fills the stored rollout's unknown facts when the
 * two differ only in those, or refuses a different value (409 naming both). Undefined when this is not such a
 * case (no stored rollout, the same content, or another difference): the caller goes on as for any record.
 */
export function fillRolloutFacts(ctx: ApplyContext, e: Rollout, hash: string): ApplyStatus | undefined {
  const row = ctx.stmt("SELECT content_hash, exit_status, submission, metadata FROM rollouts WHERE id = ?").get(e.id) as StoredFacts | undefined;
  if (row === undefined || row.content_hash === hash) return undefined;
  const stored = factsOfRow(row);
  // Is the stored rollout this event with (some of) the stored facts in place of this one's? Some: a sidecar
  // imported on its own fills the row but keeps the hash of the rollout as it was sent (fillFactsOfStoredRollouts).
  if (!subsetsOf(stored.facts).some((facts) => eventHash(withFacts(e, facts)) === row.content_hash)) return undefined;
  const sent = factsOfEvent(e);
  const merged: Facts = { ...stored.facts };
  for (const field of FILLABLE) {
    if (sent[field] === undefined) continue;
    if (stored.facts[field] === undefined) {
      (merged as Record<string, unknown>)[field] = sent[field];
    } else if (JSON.stringify(stored.facts[field]) !== JSON.stringify(sent[field])) {
      const path = field === "model" ? "metadata.model" : field;
      return ctx.conflict(path, `rollout "${e.id}" already has ${path} ${show(stored.facts[field])}; this sends ${show(sent[field])}. ` +
        "A known value is immutable (only unknown ones are filled): import the other version into a new run");
    }
  }
  const filled = FILLABLE.filter((f) => merged[f] !== undefined && stored.facts[f] === undefined);
  if (filled.length === 0) return "unchanged";
  const next = withFacts(e, merged);
  ctx.stmt("UPDATE rollouts SET exit_status = ?, submission = ?, metadata = ?, content_hash = ? WHERE id = ?").run(
    merged.exit_status ?? null, merged.submission ?? null, next.metadata === undefined ? null : JSON.stringify(next.metadata), eventHash(next), e.id,
  );
  return "applied";
}
