// A hand-written check of the hot event type, the rollout, that accepts what the zod schema
// (rollout-event.ts) accepts and builds the same output (same keys in the same order, defaults filled), at a
// fraction of zod's cost: zod was ≈ 20 % of the parse worker's CPU on the bench's rollouts of 30 turns.
//
// It only ever says "valid, here is the output" or "not sure": anything unusual (a wrong type, a missing or
// unknown field, a limit exceeded, truncation_kind, an id that fails its pattern) answers undefined and the
// zod schema decides, so every refusal keeps zod's field path and reason. Free-form JSON (metadata, action,
// raw) and times go through their own zod schemas, whose output is taken as is. fast-rollout.test.ts checks
// the verdict and the output (down to the content hash) equal to the schema's on good and bad inputs.
import type { z } from "zod";
import { HOOK_POSITIONS, ROLLOUT_PURPOSES } from "../domain/vocabulary";
import { isWellFormedText } from "./json-shape";
import { AnyJson, ID_PATTERN, JsonObject, Time } from "./primitives";
import { HookMessage, RolloutEvent, Turn } from "./rollout-event";

type Output = z.output<typeof RolloutEvent>;

/** "Not sure": let the schema decide. */
const NO: unique symbol = Symbol("not sure");
type Check = (value: unknown) => unknown;
interface Field {
  check: Check;
  /** Filled when the field is left out (absent and without a default: required). */
  fallback?: () => unknown;
  optional?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const id: Check = (v) => (typeof v === "string" && v.length >= 1 && v.length <= 256 && ID_PATTERN.test(v) && isWellFormedText(v) ? v : NO);
const label: Check = (v) => (typeof v === "string" && v.length >= 1 && v.length <= 1_000 && isWellFormedText(v) ? v : NO);
const text: Check = (v) => (typeof v === "string" && v.length <= 16_000_000 && isWellFormedText(v) ? v : NO);
const count: Check = (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : NO);
const integer: Check = (v) => (typeof v === "number" && Number.isSafeInteger(v) ? v : NO);
const finite: Check = (v) => (typeof v === "number" && Number.isFinite(v) ? v : NO);
const boolean: Check = (v) => (typeof v === "boolean" ? v : NO);
const oneOf = (values: readonly string[]): Check => {
  const set = new Set(values);
  return (v) => (typeof v === "string" && set.has(v) ? v : NO);
};
/** A sub-schema of the contract itself, for the rare and free-form fields: its output exactly. */
const bySchema = (schema: z.ZodType): Check => (v) => {
  const parsed = schema.safeParse(v);
  return parsed.success ? parsed.data : NO;
};
const arrayOf = (max: number, item: Check): Check => (v) => {
  if (!Array.isArray(v) || v.length > max) return NO;
  const out: unknown[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) if ((out[i] = item(v[i])) === NO) return NO;
  return out;
};

/**
 * A strict object: the fields in the order of `shape` (the schema's, which is the order zod builds its output
 * in), every key of the input known. Built once per schema; throws at load if the table and the schema differ.
 */
function strictObject(shape: Record<string, unknown>, fields: Record<string, Field>, name: string): Check {
  const order = Object.keys(shape);
  const missing = order.filter((k) => !(k in fields));
  const extra = Object.keys(fields).filter((k) => !order.includes(k));
  if (missing.length || extra.length) throw new Error(`fast-rollout: the ${name} table differs from its schema (missing ${missing.join(", ") || "none"}, extra ${extra.join(", ") || "none"})`);
  const known = new Set(order);
  const table = order.map((key) => ({ key, ...fields[key] }));
  return (v) => {
    if (!isObject(v)) return NO;
    for (const key of Object.keys(v)) if (!known.has(key)) return NO;
    const out: Record<string, unknown> = {};
    for (const { key, check, fallback, optional } of table) {
      const value = v[key];
      if (value === undefined) {
        if (fallback) out[key] = fallback();
        else if (!optional) return NO;
        // As zod does: an optional key given as undefined (an importer's object, never JSON) stays a key.
        else if (key in v) out[key] = undefined;
        continue;
      }
      const checked = check(value);
      if (checked === NO) return NO;
      out[key] = checked;
    }
    return out;
  };
}

const opt = (check: Check): Field => ({ check, optional: true });
const req = (check: Check): Field => ({ check });
const orDefault = (check: Check, fallback: () => unknown): Field => ({ check, fallback });

const hookMessage = strictObject(HookMessage.shape, {
  position: req(oneOf(HOOK_POSITIONS)),
  hook: opt(label),
  effect: opt(oneOf(HookMessage.shape.effect.unwrap().options)),
  message: opt(text),
}, "hook message");

const turn = strictObject(Turn.shape, {
  role: req(oneOf(Turn.shape.role.options)),
  content: req(text),
  reasoning: opt(text),
  action: opt(bySchema(JsonObject)),
  observation: opt(text),
  return_code: opt(integer),
  format_error: orDefault(boolean, () => false),
  tokens: opt(count),
  hooks: orDefault(arrayOf(1_000, hookMessage), () => []),
  raw: opt(bySchema(AnyJson)),
}, "turn");

const tokens = strictObject(RolloutEvent.shape.tokens.unwrap().shape, { prompt: opt(count), completion: opt(count) }, "tokens");

const rollout = strictObject(RolloutEvent.shape, {
  type: req((v) => (v === "rollout" ? v : NO)),
  id: req(id),
  experiment: req(id),
  run: req(id),
  task: req(id),
  harness_version: opt(id),
  checkpoint: opt(id),
  purpose: req(oneOf(ROLLOUT_PURPOSES)),
  epoch: opt(count),
  step: opt(count),
  group: opt(id),
  sample_index: opt(count),
  reward: req((v) => (v === null ? null : finite(v))),
  success: req(boolean),
  exit_status: opt(label),
  truncated: orDefault(boolean, () => false),
  // Rare, and tied to `truncated` by the schema's refinement: the schema decides.
  truncation_kind: opt(() => NO),
  tokens: opt(tokens),
  cost_usd: opt(finite),
  duration_ms: opt(count),
  submission: opt(text),
  source_format: orDefault(label, () => "harness-lab"),
  source_file: opt(id),
  metadata: opt(bySchema(JsonObject)),
  started_at: opt(bySchema(Time)),
  turns: req(arrayOf(100_000, turn)),
}, "rollout");

/** The validated rollout, equal to RolloutEvent's output; undefined when the schema must decide. */
export function fastValidateRollout(value: unknown): Output | undefined {
  const out = rollout(value);
  return out === NO ? undefined : (out as Output);
}
