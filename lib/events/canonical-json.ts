// Canonical forms of events, so the same content is recognised whatever key order a producer used:
// sorted free-form JSON (the contract's transforms apply it, so stored JSON text compares as content) and
// the content hash that tells an idempotent re-send from a changed record.
import { createHash } from "node:crypto";

export function sortKeysDeep(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeysDeep(v)));
  const source = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) {
    const v = source[key];
    if (v !== undefined) sorted[key] = sortKeysDeep(v);
  }
  return sorted;
}

/**
 * Hash of a validated event. The contract's output is already canonical (schema-ordered keys, sorted
 * free-form objects, see primitives.ts), so a walk in key order is stable across producers' key orders.
 * The walk collects length-prefixed pieces and hashes them in one call: cheaper than JSON.stringify's
 * escaping scan over 30 KB rollouts, and than one Hash.update per string (each call has a fixed cost).
 */
export function eventHash(event: object): string {
  const parts: string[] = [];
  const visit = (value: unknown): void => {
    if (value === null || value === undefined) parts.push("n");
    // Length-prefixed, so "ab"+"c" and "a"+"bc" differ.
    else if (typeof value === "string") parts.push(`s${value.length}:`, value);
    else if (typeof value === "number") parts.push(`d${value};`);
    else if (typeof value === "boolean") parts.push(value ? "t" : "f");
    else if (Array.isArray(value)) {
      parts.push(`[${value.length}`);
      for (const item of value) visit(item);
      parts.push("]");
    } else {
      parts.push("{");
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue;
        parts.push(`k${key.length}:${key}`);
        visit(item);
      }
      parts.push("}");
    }
  };
  visit(event);
  return createHash("sha256").update(parts.join("")).digest("hex");
}
