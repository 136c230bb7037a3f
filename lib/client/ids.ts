// Deterministic ids for producers. The store is idempotent on producer ids, so a trainer that crashes and
// restarts must regenerate the *same* ids for the same things; random UUIDs would duplicate every rollout.
import { createHash } from "node:crypto";

export type IdPart = string | number | boolean | null | undefined;

/** Hex characters kept from the sha256: 80 bits, far from collisions at millions of rollouts per experiment. */
const ID_HEX_LENGTH = 20;

/**
 * A short id derived from the parts, e.g. `stableId(run, task, step, sample)`.
 * The parts are hashed as a JSON array so ("a", "b,c") and ("a,b", "c") differ.
 */
export function stableId(...parts: IdPart[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, ID_HEX_LENGTH);
}

/** `prefixedId("rollout", run, task, sample)` → "rollout-3f2a…": readable in URLs and logs, still deterministic. */
export function prefixedId(prefix: string, ...parts: IdPart[]): string {
  return `${prefix}-${stableId(prefix, ...parts)}`;
}
