// The `pass1` query parameter of GET /api/v1/curves: which pass@1 curves to add, as a comma list of scopes
// `run:<id>` (the checkpoints that run produced) or `experiment:<id>` (every checkpoint of the experiment).
// Kept apart from curve-settings.ts, whose settings the pages share, so the training-curve parsing is unchanged.
// Pure: a problem is a message the route answers as a 400 naming the parameter.
import type { Pass1Scope } from "./pass-at-1-types";

export const PASS1_LIMITS = { scopes: 5, idLength: 256 } as const;

export type Pass1Param = { ok: true; scopes: Pass1Scope[] | null } | { ok: false; message: string };

/** `values`: every `pass1` in the query (a repeat is a problem); none → scopes null (not asked). */
export function parsePass1Param(values: readonly string[]): Pass1Param {
  if (values.length === 0) return { ok: true, scopes: null };
  if (values.length > 1) return { ok: false, message: "give it once" };
  const scopes: Pass1Scope[] = [];
  const seen = new Set<string>();
  for (const entry of values[0].split(",").map((v) => v.trim()).filter(Boolean)) {
    const colon = entry.indexOf(":");
    const kind = colon < 0 ? "" : entry.slice(0, colon);
    const id = colon < 0 ? "" : entry.slice(colon + 1);
    if ((kind !== "run" && kind !== "experiment") || id === "") return { ok: false, message: `each entry must be run:<id> or experiment:<id>, not "${entry.slice(0, 40)}"` };
    if (id.length > PASS1_LIMITS.idLength) return { ok: false, message: `each id must be at most ${PASS1_LIMITS.idLength} characters` };
    if (seen.has(entry)) continue;
    seen.add(entry);
    scopes.push({ kind, id });
  }
  if (scopes.length === 0) return { ok: false, message: "name at least one run:<id> or experiment:<id>" };
  if (scopes.length > PASS1_LIMITS.scopes) return { ok: false, message: `at most ${PASS1_LIMITS.scopes} entries` };
  return { ok: true, scopes };
}
