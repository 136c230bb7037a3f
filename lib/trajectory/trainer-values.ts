// A rollout's extra numbers from its trainer — TRL's advantage and per-reward-function rewards, a log-prob mean,
// whatever a trainer put in the rollout's metadata — picked out so the viewer shows them as a table and the
// trajectory browser can show and filter one as a column. A value is a finite number at a key path of the
// metadata object ("advantage", "rewards.accuracy"), at most MAX_VALUE_DEPTH objects deep; arrays, strings and
// booleans are not values (they stay in the metadata shown beside). Pure.

export interface TrainerValue {
  /** Dotted key path in the metadata, e.g. "rewards.accuracy". */
  key: string;
  value: number;
}

export const MAX_VALUE_DEPTH = 3;
export const MAX_VALUES = 64;
/** One segment of a value's key: what a URL parameter and a column heading can carry as is. */
export const VALUE_KEY_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The numeric values in document order (the trainer's own order), at most MAX_VALUES. */
export function trainerValues(metadata: unknown): TrainerValue[] {
  const out: TrainerValue[] = [];
  const walk = (node: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(node)) {
      if (out.length >= MAX_VALUES) return;
      if (!VALUE_KEY_SEGMENT.test(key)) continue;
      const path = prefix === "" ? key : `${prefix}.${key}`;
      if (typeof value === "number" && Number.isFinite(value)) out.push({ key: path, value });
      else if (isObject(value) && depth < MAX_VALUE_DEPTH) walk(value, path, depth + 1);
    }
  };
  if (isObject(metadata)) walk(metadata, "", 1);
  return out;
}

/** The value at a dotted key, when it is one (what a browser column shows for a row). */
export function trainerValueAt(metadata: unknown, key: string): number | null {
  let node: unknown = metadata;
  for (const segment of key.split(".")) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) return null;
    node = node[segment];
  }
  return typeof node === "number" && Number.isFinite(node) ? node : null;
}

/** True for a key a browser filter may name: 1 to MAX_VALUE_DEPTH segments of VALUE_KEY_SEGMENT. */
export function isValueKey(key: string): boolean {
  const segments = key.split(".");
  return segments.length <= MAX_VALUE_DEPTH && segments.every((s) => VALUE_KEY_SEGMENT.test(s));
}
