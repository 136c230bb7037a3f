// The launch form's fields ↔ a launch's parameters. Each placeholder is a field named "param.<name>" so it can
// never collide with the form's own fields (template, experiment); empty fields are "not given" (defaults).
export const PARAM_FIELD_PREFIX = "param.";

export const paramField = (name: string) => `${PARAM_FIELD_PREFIX}${name}`;

export function paramsFromForm(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!key.startsWith(PARAM_FIELD_PREFIX) || typeof value !== "string") continue;
    const name = key.slice(PARAM_FIELD_PREFIX.length);
    if (value.trim() !== "") params[name] = value.trim();
  }
  return params;
}

/** Prefilled values from the launch page's address: every parameter except the page's own. */
export function prefillFromQuery(raw: Record<string, string | string[] | undefined>, placeholders: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of placeholders) {
    const value = raw[name];
    const one = Array.isArray(value) ? value[0] : value;
    if (one !== undefined && one !== "") out[name] = one;
  }
  return out;
}

/** A job's stored parameters as the launch page's prefill (numbers and all as text). */
export function paramsAsStrings(params: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (v !== null && v !== undefined) out[k] = String(v);
  return out;
}

/**
 * The epoch a job continuing from a checkpoint of `checkpointEpoch` trains: the next one, within the placeholder's
 * bounds. Undefined when the checkpoint has no epoch (or none is chosen): the template's default then applies.
 */
export function nextEpochAfter(checkpointEpoch: number | null | undefined, bounds: { min?: number; max?: number }): string | undefined {
  if (checkpointEpoch === null || checkpointEpoch === undefined || !Number.isInteger(checkpointEpoch)) return undefined;
  const next = Math.max(bounds.min ?? 1, checkpointEpoch + 1);
  return String(bounds.max !== undefined ? Math.min(bounds.max, next) : next);
}
