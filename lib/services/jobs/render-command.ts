// From a template and the parameters someone launched it with to the exact argv, environment and working
// directory. Every parameter is checked BEFORE anything is substituted, and a value only ever fills the
// inside of one argv item: it can never split into two arguments, never start an option (unless its
// placeholder says so), never carry a NUL or a newline — and nothing here goes near a shell.
import { parseArgItem, type ArgPart } from "./pure/arg-template";
import {
  anchored, BENCHMARK_LABEL, CONTROL_CHARS, ID_PLACEHOLDER_TYPES,
  type BuiltinName, type JobTemplateSpec, type PlaceholderSpec,
} from "./pure/template-schema";

export interface ParamProblem {
  /** The placeholder's name (or "params" for the object as a whole). */
  param: string;
  message: string;
}

export type IdPlaceholderType = (typeof ID_PLACEHOLDER_TYPES)[number];
/** Does a record of this type with this id exist in the job's experiment? */
export type RecordLookup = (type: IdPlaceholderType, id: string) => boolean;

export type ParamValues = Record<string, string>;

export type ValidatedParams = { ok: true; values: ParamValues } | { ok: false; problems: ParamProblem[] };

const MAX_ID_LENGTH = 256;

/** Checks every parameter against its placeholder; fills defaults. Values come back as the strings substituted. */
export function validateParams(spec: JobTemplateSpec, params: unknown, exists: RecordLookup): ValidatedParams {
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    return { ok: false, problems: [{ param: "params", message: "must be an object of placeholder names to values" }] };
  }
  const given = params as Record<string, unknown>;
  const problems: ParamProblem[] = [];
  const values: ParamValues = {};
  for (const name of Object.keys(given)) {
    if (!(name in spec.placeholders)) problems.push({ param: name, message: "is not a placeholder of this template" });
  }
  for (const [name, placeholder] of Object.entries(spec.placeholders)) {
    const raw = given[name];
    // A form sends "" for a field left empty: that is "not given", not the empty string.
    const absent = raw === undefined || raw === null || raw === "";
    if (absent) {
      const fallback = defaultOf(placeholder);
      if (fallback !== undefined) values[name] = fallback;
      else if (!("optional" in placeholder && placeholder.optional)) problems.push({ param: name, message: "is required" });
      continue;
    }
    const checked = checkValue(placeholder, raw, exists);
    if (typeof checked === "string") values[name] = checked;
    else problems.push({ param: name, message: checked.error });
  }
  return problems.length ? { ok: false, problems } : { ok: true, values };
}

function defaultOf(p: PlaceholderSpec): string | undefined {
  return "default" in p && p.default !== undefined ? String(p.default) : undefined;
}

function checkValue(p: PlaceholderSpec, raw: unknown, exists: RecordLookup): string | { error: string } {
  switch (p.type) {
    case "checkpoint":
    case "harness_version":
    case "proposal": {
      if (typeof raw !== "string") return { error: "must be a string id" };
      const basic = checkText(raw, MAX_ID_LENGTH, false);
      if (basic) return { error: basic };
      if (!exists(p.type, raw)) return { error: `${p.type.replace("_", " ")} "${raw}" does not exist in this experiment` };
      return raw;
    }
    case "epoch":
    case "repeats":
    case "seed": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(n)) return { error: "must be a whole number (digits only)" };
      if (n < p.min || n > p.max) return { error: `must be between ${p.min} and ${p.max}` };
      return String(n);
    }
    case "benchmark": {
      if (typeof raw !== "string" || !BENCHMARK_LABEL.test(raw)) return { error: "must be a benchmark label (letters, digits, '.', '_', '-'; starting with a letter or digit)" };
      if (p.options && !p.options.includes(raw)) return { error: `must be one of ${p.options.join(", ")}` };
      return raw;
    }
    case "enum": {
      if (typeof raw !== "string" || !p.values.includes(raw)) return { error: `must be one of ${p.values.join(", ")}` };
      return checkText(raw, 200, p.allowDash) ? { error: checkText(raw, 200, p.allowDash)! } : raw;
    }
    case "string": {
      if (typeof raw !== "string") return { error: "must be a string" };
      const basic = checkText(raw, p.maxLength, p.allowDash);
      if (basic) return { error: basic };
      if (!anchored(p.pattern).test(raw)) return { error: `must match the pattern ${p.pattern}` };
      return raw;
    }
  }
}

/** The rules every value obeys whatever its type. Returns the problem, or null. */
function checkText(value: string, maxLength: number, allowDash: boolean): string | null {
  if (value.length > maxLength) return `must be at most ${maxLength} characters`;
  if (value.includes("\u0000")) return "must not contain NUL";
  if (/[\r\n]/.test(value)) return "must not contain a newline";
  if (CONTROL_CHARS.test(value)) return "must not contain control characters";
  if (!allowDash && value.startsWith("-")) return 'must not begin with "-" (it would read as an option)';
  return null;
}

export interface RenderedCommand {
  argv: string[];
  env: Record<string, string>;
  /** null = the server's working directory (the project home). */
  cwd: string | null;
  /** The validated parameters, defaults filled: what the job record keeps. */
  values: ParamValues;
}

export type RenderResult = ({ ok: true } & RenderedCommand) | { ok: false; problems: ParamProblem[] };

/**
 * Validates `params` and renders the template. An argv item (or env variable) that refers to an optional
 * placeholder left empty is left out as a whole — so templates write `--checkpoint={checkpoint}` as ONE item.
 */
export function renderCommand(
  spec: JobTemplateSpec,
  params: unknown,
  context: { builtins: Record<BuiltinName, string>; exists: RecordLookup },
): RenderResult {
  const validated = validateParams(spec, params, context.exists);
  if (!validated.ok) return validated;
  const known: Record<string, string> = { ...validated.values, ...context.builtins };
  const problems: ParamProblem[] = [];
  const fill = (item: string, where: string): string | null => {
    const parsed = parseArgItem(item);
    // The schema already refused malformed items; a stored template edited behind its back still fails safely.
    if (!parsed.ok) {
      problems.push({ param: "template", message: `${where}: ${parsed.error}` });
      return null;
    }
    return substitute(parsed.parts, known);
  };
  const argv: string[] = [];
  spec.command.forEach((item, i) => {
    const value = fill(item, `command[${i}]`);
    if (value === null) {
      if (i === 0) problems.push({ param: "template", message: "command[0]: the program cannot depend on a parameter" });
      return;
    }
    argv.push(value);
  });
  const env: Record<string, string> = {};
  for (const [name, item] of Object.entries(spec.env)) {
    const value = fill(item, `env.${name}`);
    if (value !== null) env[name] = value;
  }
  const cwd = spec.cwd === undefined ? null : fill(spec.cwd, "cwd");
  // Server values (paths) are trusted but still must not smuggle a newline into a Slurm script.
  for (const [i, item] of argv.entries()) if (CONTROL_CHARS.test(item)) problems.push({ param: "template", message: `command[${i}] contains a control character` });
  for (const [name, item] of Object.entries(env)) if (CONTROL_CHARS.test(item)) problems.push({ param: "template", message: `env.${name} contains a control character` });
  if (cwd !== null && CONTROL_CHARS.test(cwd)) problems.push({ param: "template", message: "cwd contains a control character" });
  if (problems.length) return { ok: false, problems };
  return { ok: true, argv, env, cwd, values: validated.values };
}

/** null when a referenced value is missing (an optional placeholder left empty). */
function substitute(parts: readonly ArgPart[], known: Record<string, string>): string | null {
  let out = "";
  for (const part of parts) {
    if ("literal" in part) out += part.literal;
    else if (part.ref in known) out += known[part.ref];
    else return null;
  }
  return out;
}

/** "param: message; …" for a one-line error. */
export function describeProblems(problems: readonly ParamProblem[]): string {
  return problems.map((p) => `${p.param}: ${p.message}`).join("; ");
}
