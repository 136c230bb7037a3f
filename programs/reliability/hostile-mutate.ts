// Field-by-field mutation of a valid event: every path of the event (nested objects and the first item of
// each list, to a few levels) gets each wrong type, null, a wrapping list or object, or goes missing. Only
// mutations the contract itself refuses are kept, so each generated case is known to be invalid without
// asking the server (a mutation the schema accepts, e.g. a free-form config key, is not hostile).
import { validateEvent } from "../../lib/events/contract";

export type Path = Array<string | number>;

const MAX_DEPTH = 4;

/** Every path inside `value` (objects fully, arrays by their first item), up to MAX_DEPTH levels. */
export function eventPaths(value: unknown, prefix: Path = []): Path[] {
  if (prefix.length >= MAX_DEPTH || value === null || typeof value !== "object") return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  const paths: Path[] = [];
  for (const [key, child] of entries) {
    if (prefix.length === 0 && key === "type") continue;
    const path = [...prefix, key];
    paths.push(path, ...eventPaths(child, path));
  }
  return paths;
}

const REMOVE = Symbol("remove");

/** The wrong values tried at a path whose valid value is `value`. */
export function wrongValues(value: unknown): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [["null", null], ["missing", REMOVE]];
  if (typeof value === "number") out.push(["string", String(value)], ["negative", -1 - Math.abs(value)], ["fraction", value + 0.5], ["boolean", true]);
  else if (typeof value === "string") out.push(["number", 42], ["empty", ""], ["boolean", false], ["spaces", `  ${value}  `]);
  else if (typeof value === "boolean") out.push(["string", String(value)], ["number", 1]);
  if (Array.isArray(value)) out.push(["object", { 0: value[0] ?? null }], ["string", "[]"]);
  else out.push(["array", [value]]);
  if (value === null || typeof value !== "object" || Array.isArray(value)) out.push(["object", { value }]);
  else out.push(["extra-field", { ...(value as object), x_hostile_unknown: 1 }]);
  return out;
}

export function setPath(root: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === REMOVE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

export function getPath(root: unknown, path: Path): unknown {
  let at = root as Record<string | number, unknown> | undefined;
  for (const key of path) at = at?.[key] as Record<string | number, unknown> | undefined;
  return at;
}

export interface Mutation {
  name: string;
  event: unknown;
}

/** Every mutation of `event` the contract refuses, named "<path>=<kind>". */
export function refusedMutations(event: unknown): Mutation[] {
  const out: Mutation[] = [];
  const seen = new Set<string>();
  for (const path of eventPaths(event)) {
    for (const [kind, wrong] of wrongValues(getPath(event, path))) {
      const mutated = setPath(event, path, wrong);
      const text = JSON.stringify(mutated);
      if (seen.has(text) || validateEvent(mutated, 0).ok) continue;
      seen.add(text);
      out.push({ name: `${path.join(".")}=${kind}`, event: mutated });
    }
  }
  // An unknown field at the top: every event schema is strict.
  const extra = { ...(event as object), x_hostile_unknown: "?" };
  if (!validateEvent(extra, 0).ok) out.push({ name: "x_hostile_unknown=extra-field", event: extra });
  return out;
}
