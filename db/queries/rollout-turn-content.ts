// Full texts of a rollout for the viewer, fetched on demand: one turn's fields when a long field is
// expanded, one turn's original JSON ("raw"), the whole submitted patch, and find over every field of
// every turn. Field texts come from lib/trajectory/turn-fields, as in the summaries, so offsets agree.
import "server-only";
import type { Store } from "../client";
import type { FindResult, FullTurn } from "../../lib/trajectory/types";
import { turnFieldTexts } from "../../lib/trajectory/turn-fields";
import { findInTurns, MAX_FIND_MATCHES } from "../../lib/trajectory/find-matches";
import { parseAction, readHookRows, readTurnRows } from "./rollout-view";

function rolloutExists(store: Store, id: string): boolean {
  return store.sqlite.prepare("SELECT 1 FROM rollouts WHERE id = ?").get(id) !== undefined;
}

export function getTurnFull(store: Store, rolloutId: string, idx: number): FullTurn | null {
  const [row] = readTurnRows(store, rolloutId, idx);
  if (!row) return null;
  const hooks = readHookRows(store, rolloutId, idx).get(idx) ?? [];
  return { idx, fields: Object.fromEntries(turnFieldTexts({ ...row, action: parseAction(row.action) }, hooks)) };
}

/** The turn's original JSON as the producer sent it; `raw` is null when none was kept. Null: no such turn. */
export function getTurnRaw(store: Store, rolloutId: string, idx: number): { idx: number; raw: unknown } | null {
  const row = store.sqlite.prepare("SELECT raw FROM turns WHERE rollout_id = ? AND idx = ?").get(rolloutId, idx) as { raw: string | null } | undefined;
  if (!row) return null;
  return { idx, raw: row.raw === null ? null : (JSON.parse(row.raw) as unknown) };
}

export function getRolloutSubmission(store: Store, rolloutId: string): { submission: string | null } | null {
  const row = store.sqlite.prepare("SELECT submission FROM rollouts WHERE id = ?").get(rolloutId) as { submission: string | null } | undefined;
  return row ? { submission: row.submission } : null;
}

/** Case-insensitive literal matches over every field of every turn; null when the rollout does not exist. */
export function findInRollout(store: Store, rolloutId: string, query: string, limit = MAX_FIND_MATCHES): FindResult | null {
  if (!rolloutExists(store, rolloutId)) return null;
  const hooks = readHookRows(store, rolloutId);
  const turns = readTurnRows(store, rolloutId).map((row) => ({
    idx: row.idx,
    fields: turnFieldTexts({ ...row, action: parseAction(row.action) }, hooks.get(row.idx) ?? []),
  }));
  return { query, ...findInTurns(turns, query, limit) };
}
