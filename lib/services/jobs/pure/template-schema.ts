// A job template as data: what to run (an argument array, never a shell string), which typed placeholders a
// launch fills in, the environment, the working directory and the Slurm resources. Everything here is
// checked when an admin saves a template, so a launch only has to check the parameters.
import { z } from "zod";
import { JOB_EXECUTORS, JOB_KINDS } from "../../../domain/vocabulary";
import { parseArgItem, referencesOf } from "./arg-template";
import { firstIssueText } from "../../../http/zod-issues";

/** Values the server fills in itself (trusted); a template's own placeholders may not take these names. */
export const BUILTIN_NAMES = ["node", "home", "job", "job_dir", "harness_dir", "experiment", "run"] as const;
export type BuiltinName = (typeof BUILTIN_NAMES)[number];

export const PLACEHOLDER_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** Benchmarks are labels that end up in argv and file names: a deliberately small alphabet. */
export const BENCHMARK_LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Control characters (NUL, newline, escape …) never belong in an argument, a path or an environment value. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const MAX_SEED = 2 ** 31 - 1;
const MAX_TIME_LIMIT_MINUTES = 366 * 24 * 60;

const text = (max: number) => z.string().max(max).refine((s) => !CONTROL_CHARS.test(s), "must not contain control characters (NUL, newline, tab …)");
const described = { label: z.string().min(1).max(200).optional(), description: z.string().max(2000).optional() };

/** An id of a record that must exist in the job's experiment; optional ones may be left out (see renderCommand). */
const idPlaceholder = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), ...described, optional: z.boolean().default(false) });

const INT_BOUNDS = { epoch: [0, 100_000], repeats: [1, 1_000], seed: [0, MAX_SEED] } as const;
const intPlaceholder = <T extends keyof typeof INT_BOUNDS>(type: T) => {
  const [lo, hi] = INT_BOUNDS[type];
  const bound = z.number().int().min(lo).max(hi);
  return z
    .strictObject({ type: z.literal(type), ...described, min: bound.default(lo), max: bound.default(hi), default: bound.optional() })
    .refine((p) => p.min <= p.max, { message: "min must not exceed max", path: ["max"] })
    .refine((p) => p.default === undefined || (p.default >= p.min && p.default <= p.max), { message: "default must lie within min..max", path: ["default"] });
};

const benchmarkLabel = z.string().regex(BENCHMARK_LABEL, "must be a label of letters, digits, '.', '_' or '-' (not starting with a punctuation mark)");

export const PlaceholderSpec = z.discriminatedUnion("type", [
  idPlaceholder("checkpoint"),
  idPlaceholder("harness_version"),
  // A proposal brings two harness versions: its candidate is "the chosen version", its base is written beside it.
  idPlaceholder("proposal"),
  intPlaceholder("epoch"),
  intPlaceholder("repeats"),
  intPlaceholder("seed"),
  z
    .strictObject({ type: z.literal("benchmark"), ...described, options: z.array(benchmarkLabel).min(1).max(200).optional(), default: benchmarkLabel.optional() })
    .refine((p) => p.default === undefined || !p.options || p.options.includes(p.default), { message: "default must be one of the options", path: ["default"] }),
  z
    .strictObject({ type: z.literal("enum"), ...described, values: z.array(text(200).min(1)).min(1).max(200), default: z.string().optional(), allowDash: z.boolean().default(false) })
    .refine((p) => new Set(p.values).size === p.values.length, { message: "values must be distinct", path: ["values"] })
    .refine((p) => p.default === undefined || p.values.includes(p.default), { message: "default must be one of the values", path: ["default"] }),
  z
    .strictObject({
      type: z.literal("string"), ...described,
      // Matched against the whole value (anchored), with the u flag.
      pattern: z.string().min(1).max(1000).refine(isRegExp, "must be a valid regular expression"),
      maxLength: z.number().int().min(1).max(4096).default(256),
      default: z.string().optional(),
      allowDash: z.boolean().default(false),
    })
    .refine((p) => p.default === undefined || anchored(p.pattern).test(p.default), { message: "default must match the pattern", path: ["default"] }),
]);
export type PlaceholderSpec = z.output<typeof PlaceholderSpec>;
export type PlaceholderType = PlaceholderSpec["type"];
export const ID_PLACEHOLDER_TYPES = ["checkpoint", "harness_version", "proposal"] as const;

export const ResourcesSpec = z.strictObject({
  /** Where jobs of this template run; unset = the installation's default (HARNESS_LAB_JOB_EXECUTOR, else local). */
  executor: z.enum(JOB_EXECUTORS).optional(),
  partition: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "must be a Slurm partition name (letters, digits, '.', '_', '-')").optional(),
  cpus: z.number().int().min(1).max(4096).optional(),
  gpus: z.number().int().min(0).max(64).optional(),
  /** Slurm's --mem syntax: a whole number with an optional unit K, M, G or T (megabytes without one). */
  memory: z.string().regex(/^[1-9][0-9]{0,8}[KMGT]?$/, "must be a whole number with an optional unit K, M, G or T, e.g. 4G").optional(),
  /**
   * Ray only: the job's runtime_env.working_dir, a URI Ray fetches onto the worker and starts the job in
   * (a zip at https://…, s3://…, gs://…, gcs://… or file://… on the cluster); see docs/ray.md.
   */
  workingDir: z.string().max(4096).regex(/^(https?|s3|gs|gcs|file):\/\/[^\s]+$/, "must be a URI Ray can fetch: https://, s3://, gs://, gcs:// or file:// (a zip of the directory)").optional(),
  /** Wall-clock limit; the job's token expires this long after the job starts (a day when unset). */
  timeLimitMinutes: z.number().int().min(1).max(MAX_TIME_LIMIT_MINUTES).optional(),
});
export type ResourcesSpec = z.output<typeof ResourcesSpec>;

const ArgItem = text(4096);

export const JobTemplateSpec = z
  .strictObject({
    name: z.string().min(1).max(200),
    kind: z.enum(JOB_KINDS),
    command: z.array(ArgItem).min(1).max(512),
    // Key rules are checked below: zod reports a bad record key without its message.
    placeholders: z.record(z.string(), PlaceholderSpec).default({}),
    env: z.record(z.string(), text(16_384)).default({}),
    cwd: text(4096).min(1).optional(),
    resources: ResourcesSpec.default({}),
  })
  .superRefine((t, ctx) => {
    const declared = new Set(Object.keys(t.placeholders));
    const builtins = new Set<string>(BUILTIN_NAMES);
    for (const name of declared) {
      if (!PLACEHOLDER_NAME.test(name)) ctx.addIssue({ code: "custom", path: ["placeholders", name], message: "placeholder names are lower-case letters, digits and '_', starting with a letter" });
      if (builtins.has(name)) ctx.addIssue({ code: "custom", path: ["placeholders", name], message: `"${name}" is filled in by the server; choose another name` });
    }
    const check = (value: string, path: (string | number)[], allowUser: boolean) => {
      const parsed = parseArgItem(value);
      if (!parsed.ok) return ctx.addIssue({ code: "custom", path, message: parsed.error });
      for (const ref of referencesOf(parsed.parts)) {
        if (builtins.has(ref)) continue;
        if (!declared.has(ref)) ctx.addIssue({ code: "custom", path, message: `{${ref}} is not a declared placeholder` });
        else if (!allowUser) ctx.addIssue({ code: "custom", path, message: `{${ref}} may not appear here: only server values ({${BUILTIN_NAMES.join("}, {")}}) may` });
      }
    };
    // The program itself and the working directory are never chosen by whoever launches.
    t.command.forEach((item, i) => check(item, ["command", i], i > 0));
    for (const [name, value] of Object.entries(t.env)) {
      if (!ENV_NAME.test(name)) ctx.addIssue({ code: "custom", path: ["env", name], message: "must be an environment variable name (letters, digits, '_')" });
      if (name.startsWith("HARNESS_LAB_")) ctx.addIssue({ code: "custom", path: ["env", name], message: "HARNESS_LAB_* variables are set by the server for every job" });
      check(value, ["env", name], true);
    }
    if (t.cwd !== undefined) check(t.cwd, ["cwd"], false);
  });
export type JobTemplateSpec = z.output<typeof JobTemplateSpec>;
export type JobTemplateInput = z.input<typeof JobTemplateSpec>;

export function anchored(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, "u");
}

function isRegExp(pattern: string): boolean {
  try {
    anchored(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The first problem of a failed parse as "path: message", for one-line errors. */
export function firstIssue(error: z.ZodError): string {
  return firstIssueText(error, "invalid template");
}
