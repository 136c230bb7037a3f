// Building blocks of the event contract: ids, times, bounded strings. Every limit here is documented in the API page.
import { z } from "zod";
import { sortKeysDeep } from "./canonical-json";
import { isWellFormedText, jsonShapeProblem, NOT_WELL_FORMED } from "./json-shape";

/** A string the store can keep as sent: no lone UTF-16 surrogates (see json-shape.ts). */
export const wellFormed = <S extends z.ZodString>(schema: S) => schema.refine(isWellFormedText, NOT_WELL_FORMED);

/** Producer-supplied ids: printable, no control characters, bounded, no leading/trailing blanks. */
export const Id = z
  .string()
  .min(1, "must not be empty")
  .max(256, "must be at most 256 characters")
  .regex(/^[^\s\u0000-\u001f\u007f](?:[^\u0000-\u001f\u007f]*[^\s\u0000-\u001f\u007f])?$/, "must be printable without leading or trailing spaces")
  .refine(isWellFormedText, NOT_WELL_FORMED);

/** Milliseconds since the epoch, or an ISO-8601 string that is converted to them. */
export const Time = z.union([
  z.number().int().nonnegative(),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
]);

export const Label = wellFormed(z.string().min(1, "must not be empty").max(1_000, "must be at most 1000 characters"));
export const Text = wellFormed(z.string().max(16_000_000, "must be at most 16 MB"));
export const Count = z.number().int().nonnegative();
export const FiniteNumber = z.number().refine(Number.isFinite, "must be a finite number");
/**
 * Free-form JSON (config, metadata, actions, raw turns). Its keys are sorted on the way in, so a
 * validated event serializes canonically (strict objects already come out in schema order): that
 * makes the content hash one JSON.stringify instead of a key-sorting walk over every turn.
 */
export const JsonObject = z.record(z.string(), z.unknown()).superRefine(checkJsonShape).transform((v) => sortKeysDeep(v) as Record<string, unknown>);
export const AnyJson = z.unknown().superRefine(checkJsonShape).transform(sortKeysDeep);

/** Refused before the recursive sort and hash ever see it (a failed refinement stops the transform). */
function checkJsonShape(value: unknown, ctx: z.RefinementCtx): void {
  const problem = jsonShapeProblem(value);
  if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
}
export const NumberRecord = <V extends z.ZodType>(key: z.ZodString, value: V) =>
  z.record(wellFormed(key), value).transform((v) => sortKeysDeep(v) as Record<string, z.output<V>>);
